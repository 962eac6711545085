import { Box, Button, Container, SimpleGrid, Stack, Text } from '@mantine/core'
import { projectMessages, PROJECTS_PAGE_SIZE } from '@/contract/projects'
import { CallToAction } from '@/components/call-to-action'
import { PageHeader } from '@/components/page-header'
import { pageCount, Pagination } from '@/components/pagination'
import { ProjectCard } from '@/components/project-card'
import { SearchFilterBar } from '@/components/search-filter-bar'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useUrlSearchBox } from '@/lib/use-url-search-box'
import { useProductCategories } from '../api/get-product-categories'
import { useProjects } from '../api/get-projects'

export interface ProjectFilters {
  page?: number | undefined
  search?: string | undefined
  /** The selected profile's id; none means 'All Projects'. */
  profile?: number | undefined
}

interface ProjectsPageProps {
  filters: ProjectFilters
  /** Replaces the filters (the route keeps them in the URL); `replace` keeps typing out of the history. */
  onChange: (next: ProjectFilters, options?: { replace?: boolean }) => void
}

/** /projects: heading, search, profile buttons, the 3-column grid, pagination and a call to action. */
export function ProjectsPage({ filters, onChange }: ProjectsPageProps) {
  const page = filters.page ?? 1
  const profile = filters.profile
  const search = filters.search?.trim() || undefined
  const searchBox = useUrlSearchBox(filters.search, (text, ...options) =>
    onChange({ profile, search: text, page: 1 }, ...options),
  )

  const categories = useProductCategories()
  const projects = useProjects({ page, search, profile })
  const data = projects.data
  const filtered = Boolean(search || profile !== undefined)

  // Changing the profile starts again at page 1 (spec 000 §2).
  function chooseProfile(id: number | undefined) {
    onChange({ profile: id, search, page: 1 })
  }
  function clearFilters() {
    searchBox.clear()
    onChange({ page: 1 })
  }
  function goToPage(next: number) {
    onChange({ profile, search, page: next })
    window.scrollTo({ top: 0, behavior: 'smooth' })
  }

  return (
    <Container size="xl" py={{ base: 40, md: 64 }}>
      <Stack gap={40}>
        <PageHeader eyebrow="Portfolio" title="Our Projects">
          Apps, platforms and enterprise systems we have designed, built and secured for clients in the Middle
          East, Europe and North America.
        </PageHeader>

        <SearchFilterBar
          searchLabel="Search projects"
          search={searchBox.text}
          onSearchChange={searchBox.change}
          onSearchSubmit={searchBox.submit}
          filterLabel="Filter by profile"
          allLabel="All Projects"
          options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
          selected={profile}
          onSelect={chooseProfile}
          centred
        />

        <Box component="section" aria-label="Projects">
          {projects.isPending ? (
            <LoadingPanel label="Loading projects..." />
          ) : !data ? (
            <ErrorPanel message={projectMessages.fetchProjects} />
          ) : data.results.length === 0 ? (
            <EmptyState
              title={projectMessages.empty}
              message={filtered ? 'Try another search or profile.' : 'New case studies are on their way.'}
              action={<Button onClick={clearFilters}>Clear Filters</Button>}
            />
          ) : (
            <Stack gap="xl">
              <Text size="sm" c="dimmed" ta="right" aria-live="polite">
                {data.count} {data.count === 1 ? 'project' : 'projects'}
              </Text>
              <SimpleGrid
                cols={{ base: 1, sm: 2, lg: 3 }}
                spacing="lg"
                aria-busy={projects.isPlaceholderData}
              >
                {data.results.map((item, index) => (
                  <ProjectCard
                    key={item.id}
                    item={item}
                    headingOrder={2}
                    eagerImage={index < 3}
                    deferred={index >= 3}
                  />
                ))}
              </SimpleGrid>
              <Pagination
                page={page}
                total={pageCount(data.count, PROJECTS_PAGE_SIZE)}
                onChange={goToPage}
                label="Project pages"
              />
            </Stack>
          )}
        </Box>

        <CallToAction
          title="Have a project in mind?"
          text="Tell us about your idea and receive a proposal with scope, timeline and price within 48 hours."
          actions={[{ label: 'Start Your Project', to: '/start-project', icon: 'arrow' }]}
        />
      </Stack>
    </Container>
  )
}

import {
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconArrowRight, IconSearch } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { projectMessages, PROJECTS_PAGE_SIZE } from '@/contract/projects'
import { PageHeader } from '@/components/page-header'
import { pageCount, Pagination } from '@/components/pagination'
import { ProjectCard } from '@/components/project-card'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
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
  const [text, setText] = useState(filters.search ?? '')
  // Back/forward can change the search in the URL: the box follows, unless it already says the same.
  const [shownSearch, setShownSearch] = useState(filters.search)
  if (filters.search !== shownSearch) {
    setShownSearch(filters.search)
    if ((filters.search ?? '') !== text.trim()) setText(filters.search ?? '')
  }
  const applySearch = useDebouncedCallback((value: string) => {
    onChange({ profile, search: value.trim() || undefined, page: 1 }, { replace: true })
  }, 350)

  const categories = useProductCategories()
  const projects = useProjects({ page, search, profile })
  const data = projects.data
  const filtered = Boolean(search || profile !== undefined)

  function submitSearch(event: FormEvent) {
    event.preventDefault()
    applySearch.cancel()
    onChange({ profile, search: text.trim() || undefined, page: 1 })
  }
  // Changing the profile starts again at page 1 (spec 000 §2).
  function chooseProfile(id: number | undefined) {
    onChange({ profile: id, search, page: 1 })
  }
  function clearFilters() {
    applySearch.cancel()
    setText('')
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

        <Stack gap="md">
          <form onSubmit={submitSearch} role="search" aria-label="Search projects">
            <TextInput
              aria-label="Search projects"
              placeholder="Search projects..."
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value)
                applySearch(event.currentTarget.value)
              }}
              size="md"
              maw={560}
              mx="auto"
            />
          </form>
          <Group gap="xs" justify="center" role="group" aria-label="Filter by profile">
            <Button
              size="sm"
              variant={profile === undefined ? 'filled' : 'default'}
              aria-pressed={profile === undefined}
              onClick={() => chooseProfile(undefined)}
            >
              All Projects
            </Button>
            {(categories.data ?? []).map((category) => (
              <Button
                key={category.id}
                size="sm"
                variant={profile === category.id ? 'filled' : 'default'}
                aria-pressed={profile === category.id}
                onClick={() => chooseProfile(category.id)}
              >
                {category.name}
              </Button>
            ))}
          </Group>
        </Stack>

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
                  <ProjectCard key={item.id} item={item} headingOrder={2} eagerImage={index < 3} />
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

        <Paper withBorder p={{ base: 'xl', md: 48 }} bg="dark.7" ta="center">
          <Stack align="center" gap="md">
            <Title order={2}>Have a project in mind?</Title>
            <Text c="dark.0" maw={560}>
              Tell us about your idea and receive a proposal with scope, timeline and price within 48 hours.
            </Text>
            <Button
              component={Link}
              to="/start-project"
              size="lg"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Start Your Project
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  )
}

import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconBook, IconCash, IconClock, IconHeartbeat, IconRocket, IconWorld } from '@tabler/icons-react'
import { useState } from 'react'
import {
  careersMessages,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  JOB_TYPE_LABELS,
  JOB_TYPES,
  JOBS_PAGE_SIZE,
  skillList,
  type ExperienceLevel,
  type Job,
  type JobType,
} from '@/contract/careers'
import { CallToAction } from '@/components/call-to-action'
import { PageHeader } from '@/components/page-header'
import { pageCount, Pagination } from '@/components/pagination'
import { SearchFilterBar, type FilterOption } from '@/components/search-filter-bar'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useJobs } from '../api/get-jobs'
import { JobCard } from './job-card'

const benefits = [
  {
    Icon: IconCash,
    title: 'Competitive Pay',
    text: 'Salaries benchmarked for each market, reviewed every year, with performance bonuses.',
  },
  {
    Icon: IconHeartbeat,
    title: 'Health Insurance',
    text: 'Medical cover for you and your family from your first day.',
  },
  {
    Icon: IconClock,
    title: 'Flexible Hours',
    text: 'Hybrid and remote roles, and core hours that respect your life outside work.',
  },
  {
    Icon: IconBook,
    title: 'Learning Budget',
    text: 'A yearly budget for courses, books, certifications and conferences.',
  },
  {
    Icon: IconWorld,
    title: 'Global Projects',
    text: 'Work with clients across the Middle East, Europe and North America.',
  },
  {
    Icon: IconRocket,
    title: 'Career Growth',
    text: 'Mentors, clear levels and regular conversations about where you want to go.',
  },
]

export type JobFilter = 'all' | { type: JobType } | { level: ExperienceLevel }

/**
 * The filter buttons and search box work on the page already loaded (spec 000 §2): the search
 * matches title, department, location, description and skills, in any letter case.
 */
export function filterJobs(jobs: Job[], search: string, filter: JobFilter): Job[] {
  const needle = search.trim().toLowerCase()
  return jobs.filter((job) => {
    if (filter !== 'all') {
      if ('type' in filter && job.job_type !== filter.type) return false
      if ('level' in filter && job.experience_level !== filter.level) return false
    }
    if (!needle) return true
    return [job.title, job.department, job.location, job.description, ...skillList(job.skills)].some((text) =>
      text.toLowerCase().includes(needle),
    )
  })
}

// One object per option, so the chosen filter is found again by identity.
const filterOptions: FilterOption<Exclude<JobFilter, 'all'>>[] = [
  ...JOB_TYPES.map((type) => ({ label: JOB_TYPE_LABELS[type], value: { type } })),
  ...EXPERIENCE_LEVELS.map((level) => ({ label: EXPERIENCE_LEVEL_LABELS[level], value: { level } })),
]

interface CareersPageProps {
  page: number
  onPageChange: (page: number) => void
}

/** /careers: why join, the open positions of the current page with search and filters, and a contact CTA. */
export function CareersPage({ page, onPageChange }: CareersPageProps) {
  const jobs = useJobs(page)
  const [search, setSearch] = useState('')
  const [filter, setFilter] = useState<JobFilter>('all')
  const visible = jobs.data ? filterJobs(jobs.data.results, search, filter) : []
  const filtering = filter !== 'all' || search.trim() !== ''

  function clearFilters() {
    setSearch('')
    setFilter('all')
  }
  function goToPage(next: number) {
    onPageChange(next)
    document.getElementById('open-positions')?.scrollIntoView({ behavior: 'smooth' })
  }

  return (
    <Container size="lg" py={{ base: 40, md: 64 }}>
      <Stack gap={56}>
        <PageHeader eyebrow="Careers" title="Join Our Team">
          We are engineers, designers and security specialists in Egypt, the UAE and Chicago, building
          software our clients can trust. Come and build it with us.
        </PageHeader>

        <Stack gap="lg" component="section" aria-labelledby="why-join">
          <Title order={2} size="h3" ta="center" id="why-join">
            Why Work With Us
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" component="ul" p={0} m={0}>
            {benefits.map(({ Icon, title, text }) => (
              <Card key={title} component="li" padding="lg" style={{ listStyle: 'none' }}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size={40} radius="md">
                    <Icon size={22} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Text fw={600}>{title}</Text>
                    <Text size="sm" c="dimmed">
                      {text}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="lg" component="section" aria-labelledby="open-positions">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h3" id="open-positions">
              Open Positions
            </Title>
            {jobs.data && (
              <Text size="sm" c="dimmed">
                {jobs.data.count} {jobs.data.count === 1 ? 'position' : 'positions'}
              </Text>
            )}
          </Group>
          <SearchFilterBar
            searchLabel="Search jobs"
            search={search}
            onSearchChange={setSearch}
            filterLabel="Filter by job type or experience level"
            allLabel="All Jobs"
            options={filterOptions}
            selected={filter === 'all' ? undefined : filter}
            onSelect={(value) => setFilter(value ?? 'all')}
            gap="lg"
          />

          {jobs.isPending ? (
            <LoadingPanel label="Loading positions..." />
          ) : !jobs.data ? (
            <ErrorPanel message={jobs.error?.message || careersMessages.fetchJobs} />
          ) : visible.length === 0 ? (
            <EmptyState
              title="No jobs found"
              message={
                filtering
                  ? 'No position on this page matches your search or filter.'
                  : 'There are no open positions here right now.'
              }
              action={
                filtering ? (
                  <Button onClick={clearFilters}>Clear Filters</Button>
                ) : (
                  <Button onClick={() => onPageChange(1)}>View All Jobs</Button>
                )
              }
            />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy={jobs.isPlaceholderData}>
              {visible.map((job) => (
                <JobCard key={job.id} job={job} />
              ))}
            </SimpleGrid>
          )}
          {jobs.data && (
            <Pagination
              page={page}
              total={pageCount(jobs.data.count, JOBS_PAGE_SIZE)}
              onChange={goToPage}
              label="Job pages"
            />
          )}
        </Stack>

        <CallToAction
          headingId="careers-cta"
          title="Don't see the right role?"
          text="We are always glad to meet talented people. Tell us what you do best and we will reach out when a matching position opens."
          actions={[{ label: 'Contact Us', to: '/contact', icon: 'arrow' }]}
        />
      </Stack>
    </Container>
  )
}

import { Text } from '@mantine/core'
import { EXPERIENCE_LEVEL_LABELS, JOB_TYPE_LABELS } from '@/contract/careers'
import { formatDate, formatDateTime } from '@/lib/format'
import { jobQuery, useStaffJobs, type StaffJobFilters } from '../../api/get-staff-jobs'
import { useListFilters } from '@/components/staff/staff-list'
import { ContentLink, ContentList } from '@/components/staff/content-list'
import { PublishedFilter, PublicationBadge } from '@/components/staff/publication-badge'

const SORTS = [
  { value: 'updated', label: 'Recently updated' },
  { value: 'newest', label: 'Newest' },
  { value: 'title', label: 'Title' },
  { value: 'deadline', label: 'Deadline soonest' },
] as const

/** Every job, unpublished ones included: search, filter, sorting, CSV, and the way to a new job. */
export function JobsPage() {
  const { filters, change, setPage } = useListFilters<StaffJobFilters>({
    page: 1,
    search: '',
    sort: 'updated',
  })
  return (
    <ContentList
      kind="jobs"
      noun={{ one: 'job', many: 'jobs' }}
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{ path: '/api/staff/content/jobs/', query: jobQuery(filters), name: 'jobs' }}
      filterControls={<PublishedFilter value={filters.active} onChange={(active) => change({ active })} />}
      list={useStaffJobs(filters)}
      minWidth={760}
      columns={[
        {
          header: 'Job',
          cell: (j) => (
            <>
              <ContentLink kind="jobs" id={j.id}>
                {j.title}
              </ContentLink>
              <Text size="xs" c="dimmed">
                {[j.department, j.location].filter(Boolean).join(' · ') || `/careers/${j.slug}`}
              </Text>
            </>
          ),
        },
        {
          header: 'Status',
          cell: (j) => <PublicationBadge state={j.is_active ? 'published' : 'unpublished'} />,
        },
        {
          header: 'Type / level',
          cell: (j) => `${JOB_TYPE_LABELS[j.job_type]} · ${EXPERIENCE_LEVEL_LABELS[j.experience_level]}`,
        },
        { header: 'Applications', cell: (j) => j.applications_count },
        { header: 'Deadline', cell: (j) => formatDate(j.application_deadline, '—') },
        { header: 'Updated', cell: (j) => formatDateTime(j.updated_at) },
      ]}
    />
  )
}

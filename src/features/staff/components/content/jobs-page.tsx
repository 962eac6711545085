import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { EXPERIENCE_LEVEL_LABELS, JOB_TYPE_LABELS } from '@/contract/careers'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { formatDate, formatDateTime } from '@/lib/format'
import { exportList } from '../../api/export-list'
import { jobQuery, useStaffJobs, type StaffJobFilters } from '../../api/get-staff-jobs'
import { ListToolbar } from '../list-toolbar'
import { PublishedFilter, PublicationBadge } from './publication-badge'

const SORTS = [
  { value: 'updated', label: 'Recently updated' },
  { value: 'newest', label: 'Newest' },
  { value: 'title', label: 'Title' },
  { value: 'deadline', label: 'Deadline soonest' },
] as const

/** Every job, unpublished ones included: search, filter, sorting, CSV, and the way to a new job. */
export function JobsPage() {
  const [filters, setFilters] = useState<StaffJobFilters>({ page: 1, search: '', sort: 'updated' })
  const jobs = useStaffJobs(filters)
  const change = (next: Partial<StaffJobFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }))
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          component={Link}
          to="/staff/content/jobs/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New job
        </Button>
      </Group>
      <ListToolbar
        searchLabel="Search jobs"
        search={filters.search}
        onSearch={(search) => change({ search })}
        sort={filters.sort}
        sorts={SORTS}
        onSort={(sort) => change({ sort: sort as StaffJobFilters['sort'] })}
        onExport={() => exportList('/api/staff/content/jobs/', jobQuery(filters), 'jobs')}
      >
        <PublishedFilter value={filters.active} onChange={(active) => change({ active })} />
      </ListToolbar>
      {jobs.isPending ? (
        <LoadingPanel label="Loading jobs..." />
      ) : jobs.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void jobs.refetch()} />
      ) : jobs.data.results.length === 0 ? (
        <EmptyState title="No jobs" message="No job matches these filters." />
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Type / level</Table.Th>
                  <Table.Th>Applications</Table.Th>
                  <Table.Th>Deadline</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.results.map((j) => (
                  <Table.Tr key={j.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link to="/staff/content/jobs/$id" params={{ id: String(j.id) }} {...props} />
                        )}
                      >
                        {j.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {[j.department, j.location].filter(Boolean).join(' · ') || `/careers/${j.slug}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <PublicationBadge state={j.is_active ? 'published' : 'unpublished'} />
                    </Table.Td>
                    <Table.Td>
                      {JOB_TYPE_LABELS[j.job_type]} · {EXPERIENCE_LEVEL_LABELS[j.experience_level]}
                    </Table.Td>
                    <Table.Td>{j.applications_count}</Table.Td>
                    <Table.Td>{formatDate(j.application_deadline, '—')}</Table.Td>
                    <Table.Td>{formatDateTime(j.updated_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(jobs.data.count, STAFF_PAGE_SIZE)}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            label="Job pages"
          />
        </>
      )}
    </Stack>
  )
}

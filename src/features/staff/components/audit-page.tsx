import { Code, Spoiler, Stack, Table, Text } from '@mantine/core'
import { useState } from 'react'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { formatDateTime } from '@/lib/format'
import { exportList } from '../api/export-list'
import { auditQuery, useAuditLog, type AuditFilters } from '../api/get-audit-log'
import { FilterSelect, ListToolbar } from './list-toolbar'

const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
] as const
const RECORD_TYPES = [
  'ticket',
  'project',
  'milestone',
  'project_link',
  'project_member',
  'contact_message',
  'project_inquiry',
  'franchise_application',
  'job_application',
  'client',
  'user',
  'blog_post',
  'job',
  'offer',
  'partner',
  'content_image',
].map((value) => ({ value, label: value.replace(/_/g, ' ') }))

const json = (value: unknown) => (value === null ? '—' : JSON.stringify(value, null, 2))

/** Every staff change, read-only: who, what, before and after, when, and the request. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>({ page: 1, search: '', sort: 'newest' })
  const log = useAuditLog(filters)
  const change = (next: Partial<AuditFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }))
  return (
    <Stack gap="md">
      <ListToolbar
        searchLabel="Search the audit log"
        search={filters.search}
        onSearch={(search) => change({ search })}
        sort={filters.sort}
        sorts={SORTS}
        onSort={(sort) => change({ sort: sort as AuditFilters['sort'] })}
        onExport={() => exportList('/api/staff/audit/', auditQuery(filters), 'audit-log')}
      >
        <FilterSelect
          label="Record"
          value={filters.entity_type}
          options={RECORD_TYPES}
          onChange={(v) => change({ entity_type: v })}
          width={200}
        />
      </ListToolbar>
      {log.isPending ? (
        <LoadingPanel />
      ) : log.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void log.refetch()} />
      ) : log.data.results.length === 0 ? (
        <EmptyState title="No changes" message="No change matches these filters." />
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Before → after</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.results.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      {formatDateTime(entry.created_at)}
                      <Text size="xs" c="dimmed">
                        {entry.request_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{entry.actor?.email ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {entry.summary}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {entry.action} · {entry.entity_type}
                        {entry.entity_id !== null && ` #${entry.entity_id}`}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={420}>
                      <Spoiler maxHeight={60} showLabel="Show all" hideLabel="Hide">
                        <Code block>{`${json(entry.before)}\n→\n${json(entry.after)}`}</Code>
                      </Spoiler>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(log.data.count, STAFF_PAGE_SIZE)}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            label="Audit log pages"
          />
        </>
      )}
    </Stack>
  )
}

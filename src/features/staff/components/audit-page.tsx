import { Code, Spoiler, Text } from '@mantine/core'
import { formatDateTime } from '@/lib/format'
import { auditQuery, useAuditLog, type AuditFilters } from '../api/get-audit-log'
import { FilterSelect } from '@/components/staff/list-toolbar'
import { StaffList, useListFilters } from '@/components/staff/staff-list'

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
  const { filters, change, setPage } = useListFilters<AuditFilters>({ page: 1, search: '', sort: 'newest' })
  return (
    <StaffList
      noun={{
        one: 'change',
        many: 'changes',
        searchLabel: 'Search the audit log',
        pagesLabel: 'Audit log pages',
      }}
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{ path: '/api/staff/audit/', query: auditQuery(filters), name: 'audit-log' }}
      filterControls={
        <FilterSelect
          label="Record"
          value={filters.entity_type}
          options={RECORD_TYPES}
          onChange={(v) => change({ entity_type: v })}
          width={200}
        />
      }
      list={useAuditLog(filters)}
      minWidth={900}
      verticalSpacing="xs"
      columns={[
        {
          header: 'When',
          cell: (entry) => (
            <>
              {formatDateTime(entry.created_at)}
              <Text size="xs" c="dimmed">
                {entry.request_id}
              </Text>
            </>
          ),
        },
        { header: 'Who', cell: (entry) => entry.actor?.email ?? '—' },
        {
          header: 'What',
          cell: (entry) => (
            <>
              <Text size="sm" fw={500}>
                {entry.summary}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.action} · {entry.entity_type}
                {entry.entity_id !== null && ` #${entry.entity_id}`}
              </Text>
            </>
          ),
        },
        {
          header: 'Before → after',
          td: { maw: 420 },
          cell: (entry) => (
            <Spoiler maxHeight={60} showLabel="Show all" hideLabel="Hide">
              <Code block>{`${json(entry.before)}\n→\n${json(entry.after)}`}</Code>
            </Spoiler>
          ),
        },
      ]}
    />
  )
}

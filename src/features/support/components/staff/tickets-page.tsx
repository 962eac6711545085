import { Badge, Group, Switch } from '@mantine/core'
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from '@/contract/support'
import { StatusBadge } from '@/components/status-badge'
import { formatDateTime } from '@/lib/format'
import { useTeam, useTicketCategories } from '@/components/staff/api/get-options'
import { ticketQuery, useStaffTickets, type StaffTicketFilters } from '../../api/get-staff-tickets'
import { ClientFilter, FilterSelect, statusOptions } from '@/components/staff/list-toolbar'
import { RecordLink, StaffList, useListFilters } from '@/components/staff/staff-list'

const SORTS = [
  { value: 'priority', label: 'Overdue, then priority' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'updated', label: 'Recently updated' },
  { value: 'due', label: 'Due soonest' },
] as const
const idOf = (value: string | undefined) => (value ? Number(value) : undefined)
const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`

/** The queue across every client: overdue first by default. */
export function TicketsPage() {
  const { filters, change, setPage } = useListFilters<StaffTicketFilters>({
    page: 1,
    search: '',
    sort: 'priority',
  })
  const team = useTeam()
  const categories = useTicketCategories()
  return (
    <StaffList
      noun={{ one: 'ticket', many: 'tickets' }}
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{ path: '/api/staff/tickets/', query: ticketQuery(filters), name: 'tickets' }}
      filterControls={
        <>
          <FilterSelect
            label="Status"
            value={filters.status}
            options={statusOptions(TICKET_STATUSES)}
            onChange={(v) => change({ status: v as TicketStatus | undefined })}
          />
          <FilterSelect
            label="Priority"
            value={filters.priority}
            options={statusOptions(TICKET_PRIORITIES)}
            onChange={(v) => change({ priority: v as TicketPriority | undefined })}
            width={130}
          />
          <FilterSelect
            label="Category"
            value={filters.category?.toString()}
            options={(categories.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            onChange={(v) => change({ category: idOf(v) })}
          />
          <ClientFilter value={filters.client} onChange={(client) => change({ client })} />
          <FilterSelect
            label="Assignee"
            value={filters.assigned_to?.toString()}
            options={(team.data?.results ?? []).map((m) => ({ value: String(m.id), label: fullName(m) }))}
            onChange={(v) => change({ assigned_to: idOf(v) })}
          />
          <Switch
            label="Overdue only"
            checked={filters.overdue === true}
            onChange={(event) => change({ overdue: event.currentTarget.checked ? true : undefined })}
            mb={8}
          />
        </>
      }
      list={useStaffTickets(filters)}
      minWidth={800}
      columns={[
        {
          header: 'Ticket',
          cell: (ticket) => (
            <Group gap={6} wrap="nowrap">
              <RecordLink to="/staff/tickets/$id" id={ticket.id}>
                #{ticket.id} {ticket.title}
              </RecordLink>
              {ticket.is_overdue && (
                <Badge color="red" size="sm">
                  Overdue
                </Badge>
              )}
            </Group>
          ),
        },
        { header: 'Status', cell: (ticket) => <StatusBadge status={ticket.status} /> },
        { header: 'Priority', cell: (ticket) => <StatusBadge status={ticket.priority} kind="priority" /> },
        { header: 'Category', cell: (ticket) => ticket.category?.name ?? '—' },
        { header: 'Opened by', cell: (ticket) => fullName(ticket.created_by) },
        {
          header: 'Assignee',
          cell: (ticket) => (ticket.assigned_to ? fullName(ticket.assigned_to) : '—'),
        },
        { header: 'Due', cell: (ticket) => formatDateTime(ticket.due_date, '—') },
      ]}
    />
  )
}

import { Anchor, Badge, Group, Stack, Switch, Table, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { statusLabel } from '@/contract/status-colours'
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketSort,
  type TicketStatus,
} from '@/contract/support'
import { Pagination, pageCount } from '@/components/pagination'
import { StatusBadge } from '@/components/status-badge'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { formatDateTime } from '@/lib/format'
import { exportList } from '../api/export-list'
import { useClientOptions, useTeam, useTicketCategories } from '../api/get-options'
import { ticketQuery, useStaffTickets, type StaffTicketFilters } from '../api/get-tickets'
import { FilterSelect, ListToolbar } from './list-toolbar'

const SORTS = [
  { value: 'priority', label: 'Overdue, then priority' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'updated', label: 'Recently updated' },
  { value: 'due', label: 'Due soonest' },
] as const
const labelled = (values: readonly string[]) => values.map((value) => ({ value, label: statusLabel(value) }))
const idOf = (value: string | undefined) => (value ? Number(value) : undefined)

/** The queue across every client: overdue first by default. */
export function TicketsPage() {
  const [filters, setFilters] = useState<StaffTicketFilters>({ page: 1, search: '', sort: 'priority' })
  const tickets = useStaffTickets(filters)
  const team = useTeam()
  const clients = useClientOptions()
  const categories = useTicketCategories()
  const change = (next: Partial<StaffTicketFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }))

  return (
    <Stack gap="md">
      <ListToolbar
        searchLabel="Search tickets"
        search={filters.search}
        onSearch={(search) => change({ search })}
        sort={filters.sort}
        sorts={SORTS}
        onSort={(sort) => change({ sort: sort as TicketSort })}
        onExport={() => exportList('/api/staff/tickets/', ticketQuery(filters), 'tickets')}
      >
        <FilterSelect
          label="Status"
          value={filters.status}
          options={labelled(TICKET_STATUSES)}
          onChange={(v) => change({ status: v as TicketStatus | undefined })}
        />
        <FilterSelect
          label="Priority"
          value={filters.priority}
          options={labelled(TICKET_PRIORITIES)}
          onChange={(v) => change({ priority: v as TicketPriority | undefined })}
          width={130}
        />
        <FilterSelect
          label="Category"
          value={filters.category?.toString()}
          options={(categories.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(v) => change({ category: idOf(v) })}
        />
        <FilterSelect
          label="Client"
          value={filters.client?.toString()}
          options={(clients.data?.results ?? []).map((c) => ({
            value: String(c.id),
            label: c.company_name || c.email,
          }))}
          onChange={(v) => change({ client: idOf(v) })}
        />
        <FilterSelect
          label="Assignee"
          value={filters.assigned_to?.toString()}
          options={(team.data?.results ?? []).map((m) => ({
            value: String(m.id),
            label: `${m.first_name} ${m.last_name}`,
          }))}
          onChange={(v) => change({ assigned_to: idOf(v) })}
        />
        <Switch
          label="Overdue only"
          checked={filters.overdue === true}
          onChange={(event) => change({ overdue: event.currentTarget.checked ? true : undefined })}
          mb={8}
        />
      </ListToolbar>
      {tickets.isPending ? (
        <LoadingPanel label="Loading tickets..." />
      ) : tickets.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void tickets.refetch()} />
      ) : tickets.data.results.length === 0 ? (
        <EmptyState title="No tickets" message="No ticket matches these filters." />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {tickets.data.count} ticket{tickets.data.count === 1 ? '' : 's'}
          </Text>
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ticket</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Priority</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Opened by</Table.Th>
                  <Table.Th>Assignee</Table.Th>
                  <Table.Th>Due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tickets.data.results.map((ticket) => (
                  <Table.Tr key={ticket.id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor
                          renderRoot={(props) => (
                            <Link to="/staff/tickets/$id" params={{ id: String(ticket.id) }} {...props} />
                          )}
                        >
                          #{ticket.id} {ticket.title}
                        </Anchor>
                        {ticket.is_overdue && (
                          <Badge color="red" size="sm">
                            Overdue
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={ticket.status} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={ticket.priority} kind="priority" />
                    </Table.Td>
                    <Table.Td>{ticket.category?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      {ticket.created_by.first_name} {ticket.created_by.last_name}
                    </Table.Td>
                    <Table.Td>
                      {ticket.assigned_to
                        ? `${ticket.assigned_to.first_name} ${ticket.assigned_to.last_name}`
                        : '—'}
                    </Table.Td>
                    <Table.Td>{formatDateTime(ticket.due_date, '—')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(tickets.data.count, STAFF_PAGE_SIZE)}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            label="Ticket pages"
          />
        </>
      )}
    </Stack>
  )
}

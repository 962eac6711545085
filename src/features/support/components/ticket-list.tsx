import { Stack } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { messages } from '@/contract/messages'
import { supportMessages, TICKETS_PAGE_SIZE } from '@/contract/support'
import { OfflinePanel } from '@/components/offline-panel'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { ApiError } from '@/lib/api-client'
import { useTickets } from '../api/get-tickets'
import { TicketCard } from './ticket-card'
import { TicketFilters, type TicketFilterValues } from './ticket-filters'

/** Spec 001 §8: 'HTTP error! status: {code}' for an answered failure, else 'Failed to fetch tickets'. */
export function ticketListError(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return messages.httpError(error.status)
  return supportMessages.fetchTicketsFailed
}

/** The ticket list of a project with its status and search filters. */
export function TicketList({ projectId, onOpen }: { projectId: number; onOpen: (id: number) => void }) {
  const [filters, setFilters] = useState<TicketFilterValues>({ status: null, search: '' })
  const [page, setPage] = useState(1)
  const [search] = useDebouncedValue(filters.search, 300)
  const tickets = useTickets({ project: projectId, status: filters.status ?? undefined, search, page })

  let body
  if (tickets.isError && !tickets.data) {
    body = (
      <ErrorPanel
        title={supportMessages.errorLoadingTickets}
        message={ticketListError(tickets.error)}
        retryLabel="Retry"
        onRetry={() => void tickets.refetch()}
      />
    )
  } else if (!tickets.data) {
    body =
      tickets.fetchStatus === 'paused' ? (
        <OfflinePanel what="This ticket list" />
      ) : (
        <LoadingPanel label="Loading tickets..." />
      )
  } else if (tickets.data.count === 0) {
    const filtered = filters.status !== null || filters.search.trim() !== ''
    body = (
      <EmptyState
        title={filtered ? 'No matching tickets' : 'No tickets yet'}
        message={
          filtered ? 'Try another status or search.' : 'Open a ticket and our team will get back to you.'
        }
      />
    )
  } else {
    body = (
      <Stack gap="sm" aria-busy={tickets.isPlaceholderData}>
        {tickets.data.results.map((ticket) => (
          <TicketCard key={ticket.id} ticket={ticket} onOpen={onOpen} />
        ))}
        <Pagination
          page={page}
          total={pageCount(tickets.data.count, TICKETS_PAGE_SIZE)}
          onChange={setPage}
          label="Ticket pages"
        />
      </Stack>
    )
  }
  return (
    <Stack gap="md">
      <TicketFilters
        value={filters}
        onChange={(next) => {
          setFilters(next)
          setPage(1)
        }}
      />
      {body}
    </Stack>
  )
}

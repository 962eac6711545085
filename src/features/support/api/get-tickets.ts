import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { ticketListSchema, type TicketStatus } from '@/contract/support'
import { apiRequest } from '@/lib/api-client'

export interface TicketQuery {
  project: number
  status?: TicketStatus | undefined
  search?: string | undefined
  page?: number | undefined
}

export function getTickets({ project, status, search, page }: TicketQuery) {
  return apiRequest('/api/support/tickets/', {
    schema: ticketListSchema,
    auth: true,
    query: { project, status, search: search?.trim(), page: page && page > 1 ? page : undefined },
  })
}

export const ticketsQueryOptions = (query: TicketQuery) =>
  queryOptions({
    queryKey: [
      'support',
      'tickets',
      {
        project: query.project,
        status: query.status ?? null,
        search: query.search?.trim() ?? '',
        page: query.page ?? 1,
      },
    ],
    queryFn: () => getTickets(query),
    meta: { persist: true },
    placeholderData: keepPreviousData,
  })

export function useTickets(query: TicketQuery) {
  return useQuery(ticketsQueryOptions(query))
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import {
  ticketDetailSchema,
  ticketListSchema,
  type TicketPriority,
  type TicketSort,
  type TicketStatus,
} from '@/contract/support'
import { apiRequest } from '@/lib/api-client'

export interface StaffTicketFilters {
  page: number
  search: string
  status?: TicketStatus | undefined
  priority?: TicketPriority | undefined
  category?: number | undefined
  client?: number | undefined
  assigned_to?: number | undefined
  overdue?: boolean | undefined
  sort: TicketSort
}

export const ticketQuery = (filters: StaffTicketFilters) => ({
  ...filters,
  search: filters.search.trim(),
  page: filters.page > 1 ? filters.page : undefined,
})

export function getStaffTickets(filters: StaffTicketFilters) {
  return apiRequest('/api/staff/tickets/', {
    schema: ticketListSchema,
    auth: true,
    query: ticketQuery(filters),
  })
}

/** The staff console is an online tool: its queries are never kept offline. */
export const staffTicketsQueryOptions = (filters: StaffTicketFilters) =>
  queryOptions({
    queryKey: ['staff', 'tickets', ticketQuery(filters)],
    queryFn: () => getStaffTickets(filters),
    placeholderData: keepPreviousData,
  })

export const useStaffTickets = (filters: StaffTicketFilters) => useQuery(staffTicketsQueryOptions(filters))

export function getStaffTicket(id: number) {
  return apiRequest(`/api/staff/tickets/${id}/`, { schema: ticketDetailSchema, auth: true })
}

export const staffTicketQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['staff', 'ticket', id], queryFn: () => getStaffTicket(id) })

export const useStaffTicket = (id: number) => useQuery(staffTicketQueryOptions(id))

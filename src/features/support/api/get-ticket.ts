import { queryOptions, useQuery } from '@tanstack/react-query'
import { ticketDetailSchema } from '@/contract/support'
import { apiRequest } from '@/lib/api-client'

export function getTicket(ticketId: number) {
  return apiRequest(`/api/support/tickets/${ticketId}/`, { schema: ticketDetailSchema, auth: true })
}

export const ticketQueryOptions = (ticketId: number) =>
  queryOptions({
    queryKey: ['support', 'ticket', ticketId],
    queryFn: () => getTicket(ticketId),
    meta: { persist: true },
  })

export function useTicket(ticketId: number) {
  return useQuery(ticketQueryOptions(ticketId))
}

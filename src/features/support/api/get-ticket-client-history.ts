import { queryOptions, useQuery } from '@tanstack/react-query'
import { ticketClientHistorySchema } from '@/contract/support-staff'
import { apiRequest } from '@/lib/api-client'

export function getTicketClientHistory(ticketId: number) {
  return apiRequest(`/api/staff/tickets/${ticketId}/client-history/`, {
    schema: ticketClientHistorySchema,
    auth: true,
  })
}

export const ticketClientHistoryQueryOptions = (ticketId: number) =>
  queryOptions({
    queryKey: ['staff', 'ticket', ticketId, 'client-history'],
    queryFn: () => getTicketClientHistory(ticketId),
  })

export const useTicketClientHistory = (ticketId: number) =>
  useQuery(ticketClientHistoryQueryOptions(ticketId))

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { commentSchema, ticketDetailSchema, type UpdateTicketInput } from '@/contract/support'
import { apiRequest } from '@/lib/api-client'

export function updateStaffTicket({ id, changes }: { id: number; changes: UpdateTicketInput }) {
  return apiRequest(`/api/staff/tickets/${id}/`, {
    method: 'PATCH',
    json: changes,
    schema: ticketDetailSchema,
    auth: true,
  })
}

export function addStaffComment({
  id,
  content,
  is_internal,
}: {
  id: number
  content: string
  is_internal: boolean
}) {
  return apiRequest(`/api/staff/tickets/${id}/comments/`, {
    method: 'POST',
    json: { content, is_internal },
    schema: commentSchema,
    auth: true,
  })
}

function useRefreshTicket() {
  const queryClient = useQueryClient()
  return (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['staff', 'ticket', id] }),
      queryClient.invalidateQueries({ queryKey: ['staff', 'tickets'] }),
      queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] }),
    ])
}

export function useUpdateStaffTicket() {
  const refresh = useRefreshTicket()
  return useMutation({ mutationFn: updateStaffTicket, onSuccess: (_, { id }) => refresh(id) })
}

export function useAddStaffComment() {
  const refresh = useRefreshTicket()
  return useMutation({ mutationFn: addStaffComment, onSuccess: (_, { id }) => refresh(id) })
}

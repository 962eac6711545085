import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supportMessages, ticketDetailSchema, type TicketPriority } from '@/contract/support'
import { ApiError, apiRequest } from '@/lib/api-client'

export interface CreateTicketInput {
  project: number
  title: string
  description: string
  priority: TicketPriority
  category: number | null
  file: File | null
}

export function createTicket(input: CreateTicketInput) {
  const form = new FormData()
  form.set('title', input.title.trim())
  form.set('description', input.description.trim())
  form.set('priority', input.priority)
  form.set('project', String(input.project))
  if (input.category !== null) form.set('category', String(input.category))
  if (input.file) form.set('file', input.file, input.file.name)
  return apiRequest('/api/support/tickets/', { method: 'POST', form, schema: ticketDetailSchema, auth: true })
}

/** Spec 001 §8: the server's detail or message, else 'Failed to create support ticket'. */
export function createTicketError(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const body = error.body as Record<string, unknown>
    for (const key of ['detail', 'message']) {
      const value = body[key]
      if (typeof value === 'string' && value) return value
    }
  }
  return supportMessages.createFailed
}

/** Ticket creation needs the network: it is never queued (the form is disabled offline). */
export function useCreateTicket() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData(['support', 'ticket', ticket.id], ticket)
      return queryClient.invalidateQueries({ queryKey: ['support', 'tickets'] })
    },
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { attachmentSchema } from '@/contract/support'
import { apiRequest } from '@/lib/api-client'

export function uploadAttachment({ ticket, file }: { ticket: number; file: File }) {
  const form = new FormData()
  form.set('ticket', String(ticket))
  form.set('file', file, file.name)
  return apiRequest('/api/support/attachments/', {
    method: 'POST',
    form,
    schema: attachmentSchema,
    auth: true,
  })
}

/** Uploads need the network: never queued (the picker is disabled offline). */
export function useUploadAttachment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadAttachment,
    onSuccess: (_attachment, { ticket }) =>
      queryClient.invalidateQueries({ queryKey: ['support', 'ticket', ticket] }),
  })
}

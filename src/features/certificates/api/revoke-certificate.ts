import { useMutation, useQueryClient } from '@tanstack/react-query'
import { certificateSchema } from '@/contract/certificates'
import { apiRequest } from '@/lib/api-client'

export function revokeCertificate({ serial, reason }: { serial: string; reason: string }) {
  return apiRequest(`/api/certificates/${encodeURIComponent(serial)}/revoke/`, {
    method: 'POST',
    json: { reason: reason.trim() },
    schema: certificateSchema,
    auth: true,
  })
}

export function useRevokeCertificate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['certificates', 'list'] }),
  })
}

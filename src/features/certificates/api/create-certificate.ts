import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  certificateMessages,
  certificateSchema,
  type CertificateCreateRequest,
} from '@/contract/certificates'
import { ApiError, apiRequest } from '@/lib/api-client'

export function createCertificate(input: CertificateCreateRequest) {
  return apiRequest('/api/certificates/', {
    method: 'POST',
    json: input,
    schema: certificateSchema,
    auth: true,
  })
}

/** Spec §8: the server's message, error or detail, else 'Failed to create certificate'. */
export function createCertificateError(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const body = error.body as Record<string, unknown>
    for (const key of ['message', 'error', 'detail']) {
      const value = body[key]
      if (typeof value === 'string' && value) return value
    }
  }
  return certificateMessages.createFailed
}

export function useCreateCertificate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['certificates', 'list'] }),
  })
}

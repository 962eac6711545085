import { useMutation, useQueryClient } from '@tanstack/react-query'
import { emailHealthSchema, type EmailFixRequest } from '@/contract/dns-zone'
import { apiRequest } from '@/lib/api-client'
import { dnsChanged } from '../domain-cache'

export function applyEmailFix(domainId: number, body: EmailFixRequest) {
  return apiRequest(`/api/domains/domains/${domainId}/email_health/fix/`, {
    method: 'POST',
    json: body,
    schema: emailHealthSchema,
    auth: true,
  })
}

export function useApplyEmailFix(domainId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EmailFixRequest) => applyEmailFix(domainId, body),
    onSuccess: () => dnsChanged(queryClient, domainId),
  })
}

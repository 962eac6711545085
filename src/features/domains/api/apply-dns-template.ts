import { useMutation, useQueryClient } from '@tanstack/react-query'
import { dnsRecordListSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'
import { dnsChanged } from '../domain-cache'

export function applyDnsTemplate(domainId: number, input: { template: string; github_user?: string }) {
  return apiRequest(`/api/domains/domains/${domainId}/apply_dns_template/`, {
    method: 'POST',
    json: input,
    schema: dnsRecordListSchema,
    auth: true,
  })
}

export function useApplyDnsTemplate(domainId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { template: string; github_user?: string }) => applyDnsTemplate(domainId, input),
    onSuccess: () => dnsChanged(queryClient, domainId),
  })
}

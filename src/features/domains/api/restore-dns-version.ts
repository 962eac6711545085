import { useMutation, useQueryClient } from '@tanstack/react-query'
import { dnsChangePreviewSchema } from '@/contract/dns-zone'
import { apiRequest } from '@/lib/api-client'
import { dnsChanged } from '../domain-cache'

interface RestoreInput {
  version: number
  dry_run: boolean
  base_version?: number | null
}

export function restoreDnsVersion(domainId: number, { version, ...body }: RestoreInput) {
  return apiRequest(`/api/domains/domains/${domainId}/dns_history/${version}/restore/`, {
    method: 'POST',
    json: body,
    schema: dnsChangePreviewSchema,
    auth: true,
  })
}

export function useRestoreDnsVersion(domainId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RestoreInput) => restoreDnsVersion(domainId, input),
    onSuccess: (answer) => (answer.applied ? dnsChanged(queryClient, domainId) : undefined),
  })
}

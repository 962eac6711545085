import { useMutation, useQueryClient } from '@tanstack/react-query'
import { dnsChangePreviewSchema, type ZoneImportRequest } from '@/contract/dns-zone'
import { apiRequest } from '@/lib/api-client'
import { dnsChanged } from '../domain-cache'

export function importZone(domainId: number, body: ZoneImportRequest) {
  return apiRequest(`/api/domains/domains/${domainId}/zone/`, {
    method: 'POST',
    json: body,
    schema: dnsChangePreviewSchema,
    auth: true,
  })
}

/** The preview (dry run) and the import itself; an applied import reloads the records and history. */
export function useImportZone(domainId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ZoneImportRequest) => importZone(domainId, body),
    onSuccess: (answer) => (answer.applied ? dnsChanged(queryClient, domainId) : undefined),
  })
}

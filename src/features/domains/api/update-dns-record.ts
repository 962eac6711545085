import { useMutation, useQueryClient } from '@tanstack/react-query'
import { dnsRecordSchema, type DnsRecordRequest } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'
import { dnsChanged } from '../domain-cache'

export function updateDnsRecord(id: number, record: DnsRecordRequest) {
  return apiRequest(`/api/domains/dns-records/${id}/`, {
    method: 'PUT',
    json: record,
    schema: dnsRecordSchema,
    auth: true,
  })
}

export function useUpdateDnsRecord(domainId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, record }: { id: number; record: DnsRecordRequest }) => updateDnsRecord(id, record),
    onSuccess: () => dnsChanged(queryClient, domainId),
  })
}

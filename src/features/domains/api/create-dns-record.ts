import { useMutation, useQueryClient } from '@tanstack/react-query'
import { dnsRecordSchema, type DnsRecordRequest } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'
import { dnsChanged } from '../domain-cache'

export function createDnsRecord(record: DnsRecordRequest) {
  return apiRequest('/api/domains/dns-records/', {
    method: 'POST',
    json: record,
    schema: dnsRecordSchema,
    auth: true,
  })
}

export function useCreateDnsRecord(domainId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDnsRecord,
    onSuccess: () => dnsChanged(queryClient, domainId),
  })
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { dnsRecordListSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'
import { dnsRecordsKey } from '../domain-cache'

export function getDnsRecords(domainId: number) {
  return apiRequest('/api/domains/dns-records/', {
    query: { domain: domainId },
    schema: dnsRecordListSchema,
    auth: true,
  })
}

export const dnsRecordsQueryOptions = (domainId: number) =>
  queryOptions({
    queryKey: dnsRecordsKey(domainId),
    queryFn: () => getDnsRecords(domainId),
    meta: { persist: true },
  })

export function useDnsRecords(domainId: number) {
  return useQuery(dnsRecordsQueryOptions(domainId))
}

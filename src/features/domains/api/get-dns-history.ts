import { queryOptions, useQuery } from '@tanstack/react-query'
import { dnsVersionListSchema } from '@/contract/dns-zone'
import { apiRequest } from '@/lib/api-client'
import { dnsHistoryKey } from '../domain-cache'

export function getDnsHistory(domainId: number) {
  return apiRequest(`/api/domains/domains/${domainId}/dns_history/`, {
    schema: dnsVersionListSchema,
    auth: true,
  })
}

export const dnsHistoryQueryOptions = (domainId: number) =>
  queryOptions({
    queryKey: dnsHistoryKey(domainId),
    queryFn: () => getDnsHistory(domainId),
    meta: { persist: true },
  })

export function useDnsHistory(domainId: number) {
  return useQuery(dnsHistoryQueryOptions(domainId))
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { dnsVersionListSchema } from '@/contract/dns-zone'
import { apiRequest } from '@/lib/api-client'
import { dnsHistoryKey } from '../domain-cache'

export function getDnsHistory(domainId: number, page: number) {
  return apiRequest(`/api/domains/domains/${domainId}/dns_history/`, {
    query: { page },
    schema: dnsVersionListSchema,
    auth: true,
  })
}

export const dnsHistoryQueryOptions = (domainId: number, page: number) =>
  queryOptions({
    queryKey: [...dnsHistoryKey(domainId), page],
    queryFn: () => getDnsHistory(domainId, page),
    meta: { persist: true },
  })

export function useDnsHistory(domainId: number, page: number) {
  return useQuery(dnsHistoryQueryOptions(domainId, page))
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { domainListSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'

/** One page holds every domain of a client (page size 100); the tab filters them here too. */
export function getDomains() {
  return apiRequest('/api/domains/domains/', { schema: domainListSchema, auth: true })
}

export const domainsQueryOptions = () =>
  queryOptions({ queryKey: ['domains', 'list'], queryFn: getDomains, meta: { persist: true } })

export function useDomains() {
  return useQuery(domainsQueryOptions())
}

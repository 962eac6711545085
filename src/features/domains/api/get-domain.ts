import { queryOptions, useQuery } from '@tanstack/react-query'
import { domainSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'

export function getDomain(id: number) {
  return apiRequest(`/api/domains/domains/${id}/`, { schema: domainSchema, auth: true })
}

export const domainQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['domains', 'detail', id], queryFn: () => getDomain(id), meta: { persist: true } })

export function useDomain(id: number) {
  return useQuery(domainQueryOptions(id))
}

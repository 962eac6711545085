import { queryOptions, useQuery } from '@tanstack/react-query'
import { emailHealthSchema } from '@/contract/dns-zone'
import { apiRequest } from '@/lib/api-client'
import { emailHealthKey } from '../domain-cache'

export function getEmailHealth(domainId: number, selectors: string) {
  return apiRequest(`/api/domains/domains/${domainId}/email_health/`, {
    query: selectors ? { dkim_selectors: selectors } : {},
    schema: emailHealthSchema,
    auth: true,
  })
}

export const emailHealthQueryOptions = (domainId: number, selectors: string) =>
  queryOptions({
    queryKey: [...emailHealthKey(domainId), selectors],
    queryFn: () => getEmailHealth(domainId, selectors),
    meta: { persist: true },
  })

export function useEmailHealth(domainId: number, selectors: string) {
  return useQuery(emailHealthQueryOptions(domainId, selectors))
}

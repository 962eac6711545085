import type { QueryClient } from '@tanstack/react-query'
import type { Domain } from '@/contract/domains'

/** After any change the domain and the list reload (spec 002 §4 "Lock and auto-renew"). */
export function domainChanged(queryClient: QueryClient, domain: Domain) {
  queryClient.setQueryData(['domains', 'detail', domain.id], domain)
  return queryClient.invalidateQueries({ queryKey: ['domains'] })
}

export const dnsRecordsKey = (domainId: number) => ['domains', 'dns', domainId] as const
export const dnsHistoryKey = (domainId: number) => ['domains', 'dns-history', domainId] as const
export const emailHealthKey = (domainId: number) => ['domains', 'email-health', domainId] as const

/** After any change to the records: the list, the history and the health check reload. */
export function dnsChanged(queryClient: QueryClient, domainId: number) {
  return Promise.all(
    [dnsRecordsKey(domainId), dnsHistoryKey(domainId), emailHealthKey(domainId)].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )
}

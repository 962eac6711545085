import type { QueryClient } from '@tanstack/react-query'
import type { Domain } from '@/contract/domains'

/** After any change the domain and the list reload (spec 002 §4 "Lock and auto-renew"). */
export function domainChanged(queryClient: QueryClient, domain: Domain) {
  queryClient.setQueryData(['domains', 'detail', domain.id], domain)
  return queryClient.invalidateQueries({ queryKey: ['domains'] })
}

export const dnsRecordsKey = (domainId: number) => ['domains', 'dns', domainId] as const

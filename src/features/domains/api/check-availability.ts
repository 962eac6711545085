import { queryOptions, useQuery } from '@tanstack/react-query'
import { availabilityListSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'

/** The registration wizard's price of one name (public call; never persisted: prices change). */
export function checkAvailability(domainNames: string[]) {
  return apiRequest('/api/domains/domains/check_availability/', {
    method: 'POST',
    json: { domain_names: domainNames },
    schema: availabilityListSchema,
  })
}

export const availabilityQueryOptions = (domainName: string) =>
  queryOptions({
    queryKey: ['domains', 'availability', domainName],
    queryFn: () => checkAvailability([domainName]),
    staleTime: 60_000,
  })

export function useAvailability(domainName: string, enabled = true) {
  return useQuery({ ...availabilityQueryOptions(domainName), enabled })
}

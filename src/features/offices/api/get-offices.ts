import { queryOptions, useQuery } from '@tanstack/react-query'
import { officeListSchema } from '@/contract/offices'
import { apiRequest } from '@/lib/api-client'

export function getOffices() {
  return apiRequest('/api/public/offices/', { schema: officeListSchema })
}

export const officesQueryOptions = () =>
  queryOptions({ queryKey: ['offices'], queryFn: getOffices, staleTime: 10 * 60_000 })

export function useOffices() {
  return useQuery(officesQueryOptions())
}

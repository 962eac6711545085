import { queryOptions, useQuery } from '@tanstack/react-query'
import { paginated } from '@/contract/common'
import { officeSchema } from '@/contract/inquiries'
import { apiRequest } from '@/lib/api-client'

const officeListSchema = paginated(officeSchema)

export function getOffices() {
  return apiRequest('/api/public/offices/', { schema: officeListSchema })
}

export const officesQueryOptions = () =>
  queryOptions({ queryKey: ['offices'], queryFn: getOffices, staleTime: 10 * 60_000 })

export function useOffices() {
  return useQuery(officesQueryOptions())
}

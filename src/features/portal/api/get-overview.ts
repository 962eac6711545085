import { queryOptions, useQuery } from '@tanstack/react-query'
import { clientOverviewSchema } from '@/contract/portal'
import { apiRequest } from '@/lib/api-client'

export function getOverview() {
  return apiRequest('/api/client/overview/', { schema: clientOverviewSchema, auth: true })
}

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: ['portal', 'overview'], queryFn: getOverview, meta: { persist: true } })

export function useOverview() {
  return useQuery(overviewQueryOptions())
}

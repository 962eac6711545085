import { queryOptions, useQuery } from '@tanstack/react-query'
import { staffOverviewSchema } from '@/contract/staff'
import { apiRequest } from '@/lib/api-client'

export const staffOverviewQueryOptions = queryOptions({
  queryKey: ['staff', 'overview'],
  queryFn: () => apiRequest('/api/staff/overview/', { schema: staffOverviewSchema, auth: true }),
})

export const useStaffOverview = () => useQuery(staffOverviewQueryOptions)

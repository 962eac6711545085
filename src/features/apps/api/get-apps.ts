import { queryOptions, useQuery } from '@tanstack/react-query'
import { appListSchema } from '@/contract/apps'
import { apiRequest } from '@/lib/api-client'

/** One page holds every app of a client (the server's page size is 100); the tab filters them here. */
export function getApps() {
  return apiRequest('/api/client/apps/', { schema: appListSchema, auth: true })
}

export const appsQueryOptions = () =>
  queryOptions({ queryKey: ['portal', 'apps'], queryFn: getApps, meta: { persist: true } })

export function useApps() {
  return useQuery(appsQueryOptions())
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { appDetailsSchema } from '@/contract/apps'
import { apiRequest } from '@/lib/api-client'

/** GET /api/client/apps/{id}/: the app with its full key, statistics and recent messages. */
export function getApp(id: number) {
  return apiRequest(`/api/client/apps/${id}/`, { schema: appDetailsSchema, auth: true })
}

export const appQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['portal', 'app', id], queryFn: () => getApp(id), meta: { persist: true } })

export function useApp(id: number) {
  return useQuery(appQueryOptions(id))
}

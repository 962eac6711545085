import { queryOptions, useQuery } from '@tanstack/react-query'
import { appDetailsSchema } from '@/contract/apps'
import { apiRequest } from '@/lib/api-client'
import { appDetailsForDisk } from '../api-key'

/** GET /api/client/apps/{id}/: the app with its full key, statistics and recent messages. */
export function getApp(id: number) {
  return apiRequest(`/api/client/apps/${id}/`, { schema: appDetailsSchema, auth: true })
}

export const appQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['portal', 'app', id],
    queryFn: () => getApp(id),
    // The offline copy holds the key masked; "Show API key" fetches it (ApiKeyField).
    meta: { persist: true, persistAs: appDetailsForDisk },
  })

export function useApp(id: number) {
  return useQuery(appQueryOptions(id))
}

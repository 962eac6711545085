import { queryOptions, useQuery } from '@tanstack/react-query'
import { callbackDeliveryListSchema } from '@/contract/app-callbacks'
import { apiRequest } from '@/lib/api-client'

/** GET /api/client/apps/{id}/deliveries/: the app's status callbacks, newest first. */
export function getDeliveries(appId: number, page: number) {
  return apiRequest(`/api/client/apps/${appId}/deliveries/`, {
    schema: callbackDeliveryListSchema,
    auth: true,
    query: { page },
  })
}

export const deliveriesQueryOptions = (appId: number, page: number) =>
  queryOptions({
    queryKey: ['portal', 'app', appId, 'deliveries', page],
    queryFn: () => getDeliveries(appId, page),
    meta: { persist: true },
  })

export function useDeliveries(appId: number, page: number) {
  return useQuery(deliveriesQueryOptions(appId, page))
}

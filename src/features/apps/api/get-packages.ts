import { queryOptions, useQueries } from '@tanstack/react-query'
import { packageListSchema, type ServiceType } from '@/contract/apps'
import { apiRequest } from '@/lib/api-client'

/** GET /api/client/messaging/packages/{type}_packages/: the catalogue of one service type. */
export function getPackages(type: ServiceType) {
  return apiRequest(`/api/client/messaging/packages/${type}_packages/`, {
    schema: packageListSchema,
    auth: true,
  })
}

export const packagesQueryOptions = (type: ServiceType) =>
  queryOptions({
    queryKey: ['portal', 'packages', type],
    queryFn: () => getPackages(type),
    staleTime: 60_000,
  })

/** Spec 001 §4: packages load per selected service type. */
export function usePackagesFor(types: readonly ServiceType[]) {
  return useQueries({ queries: types.map((type) => packagesQueryOptions(type)) })
}

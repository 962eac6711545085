import { queryOptions, useQuery } from '@tanstack/react-query'
import { clientPackageListSchema } from '@/contract/client-packages'
import { apiRequest } from '@/lib/api-client'

export const CLIENT_PACKAGES_KEY = ['portal', 'client-packages'] as const

/** The client's own packages ('Msg Package Management'). */
export function getClientPackages() {
  return apiRequest('/api/client/messaging/my-packages/', { schema: clientPackageListSchema, auth: true })
}

export function useClientPackages() {
  return useQuery(
    queryOptions({ queryKey: CLIENT_PACKAGES_KEY, queryFn: getClientPackages, meta: { persist: true } }),
  )
}

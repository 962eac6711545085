// The signed-in account, shared by every portal feature that needs more than the session's user.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { accountSchema } from '@/contract/auth'
import { apiRequest } from '@/lib/api-client'

export function getMe() {
  return apiRequest('/api/client/accounts/me/', { schema: accountSchema, auth: true })
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['accounts', 'me'], queryFn: getMe, meta: { persist: true } })

export function useMe() {
  return useQuery(meQueryOptions())
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { detailSchema, sessionListSchema } from '@/contract/auth'
import { apiRequest } from '@/lib/api-client'
import { session } from '@/lib/session'

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'],
    queryFn: () => apiRequest('/api/auth/sessions/', { schema: sessionListSchema, auth: true }),
  })

export function useSessions() {
  return useQuery(sessionsQueryOptions())
}

export function revokeSession(input: { id: string; password: string }) {
  return apiRequest(`/api/auth/sessions/${encodeURIComponent(input.id)}/revoke/`, {
    method: 'POST',
    json: { password: input.password },
    schema: detailSchema,
    auth: true,
  })
}

export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  })
}

export function logoutEverywhere(password: string) {
  return apiRequest('/api/auth/logout-everywhere/', {
    method: 'POST',
    json: { password },
    schema: detailSchema,
    auth: true,
  })
}

/** Every session ends, this one too: the local session is cleared (the guard then shows /login). */
export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => session.clearLocal(),
  })
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  credentialChangeResponseSchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@/contract/auth'
import { apiRequest } from '@/lib/api-client'
import { session } from '@/lib/session'

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'two-factor'],
    queryFn: () => apiRequest('/api/auth/2fa/', { schema: twoFactorStatusSchema, auth: true }),
  })

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions())
}

const post = <T>(path: string, json: unknown, schema: Parameters<typeof apiRequest<T>>[1]['schema']) =>
  apiRequest(path, { method: 'POST', json, schema, auth: true })

/** Start, turn on, turn off and new codes; a change that ends other sessions hands this one a new token. */
export function useTwoFactorActions() {
  const queryClient = useQueryClient()
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: twoFactorQueryOptions().queryKey })
    void queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] })
  }
  return {
    start: useMutation({
      mutationFn: (password: string) => post('/api/auth/2fa/setup/', { password }, twoFactorSetupSchema),
    }),
    enable: useMutation({
      mutationFn: (code: string) => post('/api/auth/2fa/enable/', { code }, credentialChangeResponseSchema),
      onSuccess: (answer) => {
        session.replaceAccessToken(answer.access)
        refresh()
      },
    }),
    disable: useMutation({
      mutationFn: (input: { password: string; code: string }) =>
        post('/api/auth/2fa/disable/', input, credentialChangeResponseSchema),
      onSuccess: (answer) => {
        session.replaceAccessToken(answer.access)
        refresh()
      },
    }),
    newCodes: useMutation({
      mutationFn: (password: string) =>
        post('/api/auth/2fa/recovery-codes/', { password }, recoveryCodesSchema),
      onSuccess: refresh,
    }),
  }
}

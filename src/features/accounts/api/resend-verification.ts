import { useMutation, useQueryClient } from '@tanstack/react-query'
import { detailSchema, verifyEmailPaths } from '@/contract/auth'
import { meQueryOptions } from '@/lib/account'
import { apiRequest } from '@/lib/api-client'

/** Asks for a new verification link for the signed-in client's address (rate-limited by the server). */
export function resendVerification() {
  return apiRequest(verifyEmailPaths.resend, { method: 'POST', schema: detailSchema, auth: true })
}

/** After an answer the account is asked again: an address verified meanwhile (another device) ends the banner. */
export function useResendVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  })
}

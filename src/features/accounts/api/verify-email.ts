import { useMutation } from '@tanstack/react-query'
import { verifyEmailPaths, verifyEmailResponseSchema } from '@/contract/auth'
import { apiRequest } from '@/lib/api-client'

/** Opens the verification link's token; no sign-in needed. */
export function verifyEmail(token: string) {
  return apiRequest(verifyEmailPaths.verify, {
    method: 'POST',
    json: { token },
    schema: verifyEmailResponseSchema,
  })
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail })
}

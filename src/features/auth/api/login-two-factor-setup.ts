import { useMutation } from '@tanstack/react-query'
import { twoFactorSetupSchema } from '@/contract/auth'
import { apiRequest } from '@/lib/api-client'

/** A staff member without an authenticator app gets its secret and QR code during sign-in. */
export function loginTwoFactorSetup(challenge: string) {
  return apiRequest('/api/client/auth/login/2fa/setup/', {
    method: 'POST',
    json: { challenge },
    schema: twoFactorSetupSchema,
  })
}

export function useLoginTwoFactorSetup() {
  return useMutation({ mutationFn: loginTwoFactorSetup })
}

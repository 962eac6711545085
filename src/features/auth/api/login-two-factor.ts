import { useMutation } from '@tanstack/react-query'
import { twoFactorLoginResponseSchema, type TwoFactorLoginRequest } from '@/contract/auth'
import { apiSignIn } from '@/lib/api-client'
import { session } from '@/lib/session'

export function loginTwoFactor(input: TwoFactorLoginRequest) {
  return apiSignIn('/api/client/auth/login/2fa/', input, twoFactorLoginResponseSchema)
}

/** The second sign-in step; stores the session and answers recovery codes when the app was just set up. */
export function useLoginTwoFactor() {
  return useMutation({
    mutationFn: async (input: TwoFactorLoginRequest) => {
      const response = await loginTwoFactor(input)
      await session.signIn(response)
      return response
    },
  })
}

import { useMutation } from '@tanstack/react-query'
import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@/contract/auth'
import { apiSignIn } from '@/lib/api-client'
import { session } from '@/lib/session'

export function login(input: LoginRequest) {
  return apiSignIn('/api/client/auth/login/', input, loginResponseSchema)
}

/**
 * The password step: signs in and stores the session, or answers the two-factor challenge when a
 * second step is due. The caller navigates on a session.
 */
export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginRequest): Promise<LoginResponse> => {
      const response = await login(input)
      if (!('two_factor' in response)) await session.signIn(response)
      return response
    },
  })
}

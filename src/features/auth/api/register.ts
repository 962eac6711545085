import { useMutation } from '@tanstack/react-query'
import { authResponseSchema, type RegisterRequest } from '@/contract/auth'
import { apiSignIn } from '@/lib/api-client'
import { session } from '@/lib/session'

export function register(input: RegisterRequest) {
  return apiSignIn('/api/client/auth/register/', input, authResponseSchema)
}

/** Creates the account; the server signs the new client in straight away. */
export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterRequest) => {
      const response = await register(input)
      await session.signIn(response)
      return response
    },
  })
}

import { useMutation } from '@tanstack/react-query'
import { authResponseSchema, type LoginRequest } from '@/contract/auth'
import { apiRequest } from '@/lib/api-client'
import { session } from '@/lib/session'

export function login(input: LoginRequest) {
  return apiRequest('/api/client/auth/login/', { method: 'POST', json: input, schema: authResponseSchema })
}

/** Signs in and stores the session; the caller navigates on success. */
export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginRequest) => {
      const response = await login(input)
      await session.signIn(response)
      return response
    },
  })
}

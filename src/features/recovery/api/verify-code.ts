import { useMutation } from '@tanstack/react-query'
import { verifyCodeResponseSchema } from '@/contract/recovery'
import { apiRequest } from '@/lib/api-client'

export function verifyCode(input: { email: string; code: string }) {
  return apiRequest('/api/public/recovery/verify-code/', {
    method: 'POST',
    json: input,
    schema: verifyCodeResponseSchema,
  })
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode })
}

import { useMutation } from '@tanstack/react-query'
import { detailSchema } from '@/contract/auth'
import type { ResetPasswordRequest } from '@/contract/recovery'
import { apiRequest } from '@/lib/api-client'

export function resetPassword(input: ResetPasswordRequest) {
  return apiRequest('/api/public/recovery/reset-password/', {
    method: 'POST',
    json: input,
    schema: detailSchema,
  })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}

import { useMutation } from '@tanstack/react-query'
import { credentialChangeResponseSchema, type PasswordChangeRequest } from '@/contract/auth'
import { apiRequest } from '@/lib/api-client'
import { session } from '@/lib/session'

export function changePassword(input: PasswordChangeRequest) {
  return apiRequest('/api/auth/password/change/', {
    method: 'POST',
    json: input,
    schema: credentialChangeResponseSchema,
    auth: true,
  })
}

/** Every other session ends; this one continues with the new access token the answer carries. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => session.replaceAccessToken(answer.access),
  })
}

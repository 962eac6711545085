import { useMutation } from '@tanstack/react-query'
import { type EmailChangeRequest } from '@/contract/accounts'
import { detailSchema } from '@/contract/auth'
import { apiRequest } from '@/lib/api-client'

export function requestEmailChange(input: EmailChangeRequest) {
  return apiRequest('/api/client/accounts/me/email/', {
    method: 'POST',
    json: input,
    schema: detailSchema,
    auth: true,
  })
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange })
}

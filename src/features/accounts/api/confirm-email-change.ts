import { useMutation, useQueryClient } from '@tanstack/react-query'
import { accountSchema } from '@/contract/auth'
import { apiRequest } from '@/lib/api-client'
import { applyAccount } from './update-profile'

export function confirmEmailChange(token: string) {
  return apiRequest('/api/client/accounts/me/email/confirm/', {
    method: 'POST',
    json: { token },
    schema: accountSchema,
    auth: true,
  })
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (account) => applyAccount(queryClient, account),
  })
}

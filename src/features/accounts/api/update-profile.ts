import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ProfileUpdate } from '@/contract/accounts'
import { accountSchema, type Account } from '@/contract/auth'
import { meQueryOptions } from '@/lib/account'
import { apiRequest } from '@/lib/api-client'
import { session } from '@/lib/session'

export function updateProfile(input: ProfileUpdate) {
  return apiRequest('/api/client/accounts/me/', {
    method: 'PATCH',
    json: input,
    schema: accountSchema,
    auth: true,
  })
}

/** Keeps the account query and the header's user in step with what the server saved. */
export function applyAccount(queryClient: ReturnType<typeof useQueryClient>, account: Account) {
  queryClient.setQueryData(meQueryOptions().queryKey, account)
  const {
    address: _address,
    date_joined: _joined,
    newsletter: _newsletter,
    email_verified: _verified,
    ...user
  } = account
  session.updateUser(user)
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (account) => applyAccount(queryClient, account),
  })
}

import { useMutation } from '@tanstack/react-query'
import { authCodeSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'

export function getAuthCode(id: number) {
  return apiRequest(`/api/domains/domains/${id}/get_auth_code/`, {
    method: 'POST',
    schema: authCodeSchema,
    auth: true,
  })
}

export function useGetAuthCode(id: number) {
  return useMutation({ mutationFn: () => getAuthCode(id) })
}

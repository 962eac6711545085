import { useMutation, useQueryClient } from '@tanstack/react-query'
import { orderResponseSchema, type RegistrationRequest } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'

export function registerDomain(request: RegistrationRequest) {
  return apiRequest('/api/domains/domains/register/', {
    method: 'POST',
    json: request,
    schema: orderResponseSchema,
    auth: true,
  })
}

export function useRegisterDomain() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: registerDomain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['domains', 'list'] }),
  })
}

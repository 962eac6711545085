import { useMutation, useQueryClient } from '@tanstack/react-query'
import { domainSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'
import { domainChanged } from '../domain-cache'

export function toggleAutoRenew(id: number) {
  return apiRequest(`/api/domains/domains/${id}/toggle_autorenew/`, {
    method: 'POST',
    schema: domainSchema,
    auth: true,
  })
}

export function useToggleAutoRenew(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => toggleAutoRenew(id),
    onSuccess: (domain) => domainChanged(queryClient, domain),
  })
}

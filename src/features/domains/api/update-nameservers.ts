import { useMutation, useQueryClient } from '@tanstack/react-query'
import { domainSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'
import { domainChanged } from '../domain-cache'

export function updateNameservers(id: number, nameservers: string[]) {
  return apiRequest(`/api/domains/domains/${id}/update_nameservers/`, {
    method: 'POST',
    json: { nameservers },
    schema: domainSchema,
    auth: true,
  })
}

export function useUpdateNameservers(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (nameservers: string[]) => updateNameservers(id, nameservers),
    onSuccess: (domain) => domainChanged(queryClient, domain),
  })
}

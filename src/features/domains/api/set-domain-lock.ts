import { useMutation, useQueryClient } from '@tanstack/react-query'
import { domainSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'
import { domainChanged } from '../domain-cache'

/** POST lock/ or unlock/. */
export function setDomainLock(id: number, locked: boolean) {
  return apiRequest(`/api/domains/domains/${id}/${locked ? 'lock' : 'unlock'}/`, {
    method: 'POST',
    schema: domainSchema,
    auth: true,
  })
}

export function useSetDomainLock(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (locked: boolean) => setDomainLock(id, locked),
    onSuccess: (domain) => domainChanged(queryClient, domain),
  })
}

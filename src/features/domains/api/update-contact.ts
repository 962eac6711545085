import { useMutation, useQueryClient } from '@tanstack/react-query'
import { domainSchema, type DomainContactInput } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'
import { domainChanged } from '../domain-cache'

export function updateContact(id: number, contact: DomainContactInput) {
  return apiRequest(`/api/domains/domains/${id}/update_contacts/`, {
    method: 'POST',
    json: contact,
    schema: domainSchema,
    auth: true,
  })
}

export function useUpdateContact(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (contact: DomainContactInput) => updateContact(id, contact),
    onSuccess: (domain) => domainChanged(queryClient, domain),
  })
}

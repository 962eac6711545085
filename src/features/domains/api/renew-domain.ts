import { useMutation } from '@tanstack/react-query'
import { orderResponseSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'

export function renewDomain({ domainId, years }: { domainId: number; years: number }) {
  return apiRequest(`/api/domains/domains/${domainId}/renew/`, {
    method: 'POST',
    json: { domain_id: domainId, years },
    schema: orderResponseSchema,
    auth: true,
  })
}

export function useRenewDomain() {
  return useMutation({ mutationFn: renewDomain })
}

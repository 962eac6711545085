import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'
import { dnsChanged } from '../domain-cache'

export function deleteDnsRecord(id: number) {
  return apiRequest(`/api/domains/dns-records/${id}/`, { method: 'DELETE', schema: z.null(), auth: true })
}

export function useDeleteDnsRecord(domainId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDnsRecord,
    onSuccess: () => dnsChanged(queryClient, domainId),
  })
}

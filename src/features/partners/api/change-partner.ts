import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  staffPartnerSchema,
  type CreatePartnerInput,
  type StaffPartner,
  type UpdatePartnerInput,
} from '@/contract/partners-staff'
import { apiRequest } from '@/lib/api-client'

const send = (path: string, method: 'POST' | 'PATCH', json?: unknown) =>
  apiRequest(path, { method, json, schema: staffPartnerSchema, auth: true })

export const createPartner = (input: CreatePartnerInput) =>
  send('/api/staff/content/partners/', 'POST', input)
export const updatePartner = ({ id, changes }: { id: number; changes: UpdatePartnerInput }) =>
  send(`/api/staff/content/partners/${id}/`, 'PATCH', changes)
export const setPartnerPublished = ({ id, published }: { id: number; published: boolean }) =>
  send(`/api/staff/content/partners/${id}/${published ? 'publish' : 'unpublish'}/`, 'POST')

/** Every change answers the whole partner: it replaces the cached one and the lists refresh. */
export function usePartnerChange<Input>(mutationFn: (input: Input) => Promise<StaffPartner>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (partner) => {
      queryClient.setQueryData(['staff', 'partner', partner.id], partner)
      void queryClient.invalidateQueries({ queryKey: ['staff', 'partners'] })
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] })
    },
  })
}

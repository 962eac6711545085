import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  staffOfferSchema,
  type CreateOfferInput,
  type StaffOffer,
  type UpdateOfferInput,
} from '@/contract/offers-staff'
import { apiRequest } from '@/lib/api-client'

const send = (path: string, method: 'POST' | 'PATCH', json?: unknown) =>
  apiRequest(path, { method, json, schema: staffOfferSchema, auth: true })

export const createOffer = (input: CreateOfferInput) => send('/api/staff/content/offers/', 'POST', input)
export const updateOffer = ({ id, changes }: { id: number; changes: UpdateOfferInput }) =>
  send(`/api/staff/content/offers/${id}/`, 'PATCH', changes)
export const setOfferPublished = ({ id, published }: { id: number; published: boolean }) =>
  send(`/api/staff/content/offers/${id}/${published ? 'publish' : 'unpublish'}/`, 'POST')

/** Every change answers the whole offer: it replaces the cached one and the lists refresh. */
export function useOfferChange<Input>(mutationFn: (input: Input) => Promise<StaffOffer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (offer) => {
      queryClient.setQueryData(['staff', 'offer', offer.id], offer)
      void queryClient.invalidateQueries({ queryKey: ['staff', 'offers'] })
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] })
    },
  })
}

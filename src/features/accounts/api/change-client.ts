import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  staffClientDetailSchema,
  type InviteClientInput,
  type StaffClientDetail,
} from '@/contract/accounts-staff'
import { apiRequest } from '@/lib/api-client'

const send = (path: string, json?: unknown) =>
  apiRequest(path, { method: 'POST', json, schema: staffClientDetailSchema, auth: true })

export const inviteClient = (input: InviteClientInput) => send('/api/staff/clients/', input)
export const setClientActive = ({ id, active }: { id: number; active: boolean }) =>
  send(`/api/staff/clients/${id}/${active ? 'activate' : 'deactivate'}/`)
export const resetClientTwoFactor = ({ id, reason }: { id: number; reason: string }) =>
  send(`/api/staff/clients/${id}/reset-two-factor/`, { reason })

/** Each change answers the whole client: it replaces the cached one and the lists refresh. */
export function useClientChange<Input>(mutationFn: (input: Input) => Promise<StaffClientDetail>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (client) => {
      queryClient.setQueryData(['staff', 'client', client.id], client)
      void queryClient.invalidateQueries({ queryKey: ['staff', 'clients'] })
      void queryClient.invalidateQueries({ queryKey: ['staff', 'client-options'] })
    },
  })
}

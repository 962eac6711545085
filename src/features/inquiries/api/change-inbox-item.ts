import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  inboxItemSchema,
  type InboxKind,
  type InboxReplyInput,
  type InboxStatus,
} from '@/contract/inquiries-staff'
import { apiRequest } from '@/lib/api-client'
import { inboxPath } from './get-inbox'

export const setInboxStatus = ({ kind, id, status }: { kind: InboxKind; id: number; status: InboxStatus }) =>
  apiRequest(`${inboxPath(kind)}${id}/`, {
    method: 'PATCH',
    json: { status },
    schema: inboxItemSchema,
    auth: true,
  })

export const replyToInboxItem = ({
  kind,
  id,
  input,
}: {
  kind: InboxKind
  id: number
  input: InboxReplyInput
}) =>
  apiRequest(`${inboxPath(kind)}${id}/reply/`, {
    method: 'POST',
    json: input,
    schema: inboxItemSchema,
    auth: true,
  })

function useInboxChange<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff', 'inbox'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] }),
      ]),
  })
}

export const useSetInboxStatus = () => useInboxChange(setInboxStatus)
export const useReplyToInboxItem = () => useInboxChange(replyToInboxItem)

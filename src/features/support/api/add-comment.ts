import { useMutation, useMutationState, type QueryClient } from '@tanstack/react-query'
import {
  commentSchema,
  supportMessages,
  type AddCommentInput,
  type TicketComment,
  type TicketDetail,
} from '@/contract/support'
import { toast } from '@/components/toast'
import { ApiError, apiRequest } from '@/lib/api-client'
import { ADD_COMMENT_KEY, DiscardedWrite } from './comment-key'

/** A comment that gets no answer in this time is tried again later (a network that passes nothing). */
const SEND_TIMEOUT_MS = 20_000

export function addComment(input: AddCommentInput) {
  return apiRequest('/api/support/comments/', {
    method: 'POST',
    json: input,
    schema: commentSchema,
    auth: true,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  })
}

/** After delivery: the comment joins its ticket (cached for offline reading too) and lists refresh. */
export function commentDelivered(queryClient: QueryClient, delivered: unknown, input: AddCommentInput) {
  const parsed = commentSchema.safeParse(delivered)
  if (parsed.success) {
    const comment = parsed.data
    queryClient.setQueryData<TicketDetail>(['support', 'ticket', input.ticket], (ticket) =>
      ticket && !ticket.comments.some((c) => c.id === comment.id)
        ? { ...ticket, comments: [...ticket.comments, comment] }
        : ticket,
    )
  }
  void queryClient.invalidateQueries({ queryKey: ['support', 'ticket', input.ticket] })
  void queryClient.invalidateQueries({ queryKey: ['support', 'tickets'] })
  toast.success(supportMessages.commentAdded)
}

export function commentFailed(error: Error) {
  if (error instanceof DiscardedWrite) return
  // The session ended while it was on its way: it was kept for the same user's next sign-in.
  if (error instanceof ApiError && error.status === 401)
    toast.info(supportMessages.commentWaitsForSignIn, 5000)
  else toast.error(supportMessages.commentFailed)
}

export function useAddComment() {
  return useMutation<TicketComment, Error, AddCommentInput>({ mutationKey: ADD_COMMENT_KEY })
}

/** A comment of this ticket not delivered yet: queued or on its way, or refused by the server (with its reason). */
export interface UnsentComment {
  input: AddCommentInput
  failed: string | null
}

/** Comments of this ticket written but not delivered: queued offline, on their way, waiting to be sent again, or refused. */
export function usePendingComments(ticketId: number): UnsentComment[] {
  const unsent = useMutationState({
    filters: { mutationKey: ADD_COMMENT_KEY },
    select: (mutation) => ({
      input: mutation.state.variables,
      status: mutation.state.status,
      reason: mutation.state.error?.message ?? '',
    }),
  })
  return unsent.flatMap(({ input, status, reason }) =>
    isAddCommentInput(input) && input.ticket === ticketId && (status === 'pending' || status === 'error')
      ? [{ input, failed: status === 'error' ? reason || supportMessages.commentFailed : null }]
      : [],
  )
}

/** Variables restored from storage are checked before they are drawn. */
function isAddCommentInput(value: unknown): value is AddCommentInput {
  if (!value || typeof value !== 'object') return false
  const v: Record<string, unknown> = { ...value }
  return typeof v.ticket === 'number' && typeof v.content === 'string' && typeof v.client_ref === 'string'
}

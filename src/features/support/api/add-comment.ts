import { useMutation, useMutationState, type QueryClient } from '@tanstack/react-query'
import { commentSchema, supportMessages, type TicketComment, type TicketDetail } from '@/contract/support'
import { toast } from '@/components/toast'
import { ApiError, apiRequest } from '@/lib/api-client'
import { ADD_COMMENT_KEY, type AddCommentInput } from './comment-key'

export type { AddCommentInput }

export function addComment(input: AddCommentInput) {
  return apiRequest('/api/support/comments/', {
    method: 'POST',
    json: input,
    schema: commentSchema,
    auth: true,
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
  // The session ended while it was on its way: it was kept for the same user's next sign-in.
  if (error instanceof ApiError && error.status === 401)
    toast.info(supportMessages.commentWaitsForSignIn, 5000)
  else toast.error(supportMessages.commentFailed)
}

export function useAddComment() {
  return useMutation<TicketComment, Error, AddCommentInput>({ mutationKey: ADD_COMMENT_KEY })
}

/** Comments of this ticket written but not yet delivered (queued offline or on their way). */
export function usePendingComments(ticketId: number): AddCommentInput[] {
  const pending = useMutationState({
    filters: { mutationKey: ADD_COMMENT_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables,
  })
  return pending.filter(
    (input): input is AddCommentInput => isAddCommentInput(input) && input.ticket === ticketId,
  )
}

/** Variables restored from storage are checked before they are drawn. */
function isAddCommentInput(value: unknown): value is AddCommentInput {
  if (!value || typeof value !== 'object') return false
  const v: Record<string, unknown> = { ...value }
  return typeof v.ticket === 'number' && typeof v.content === 'string' && typeof v.client_ref === 'string'
}

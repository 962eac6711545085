import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'
import { ADD_COMMENT_KEY, type AddCommentInput } from './comment-key'

/**
 * Comments are the portal's one queued write (ARCHITECTURE §7). Their function and callbacks live in
 * the client's mutation defaults, so a comment written offline, persisted and restored after a reload,
 * is still sent when the connection comes back. The work itself loads lazily: this module is part of
 * every page, the support code only of portal pages.
 */
export function registerSupportMutations(queryClient: QueryClient) {
  queryClient.setMutationDefaults(ADD_COMMENT_KEY, {
    mutationFn: async (input: AddCommentInput) => (await import('./add-comment')).addComment(input),
    // Resending is safe (client_ref); a refusal from the server is not retried.
    retry: (failureCount: number, error: Error) => !(error instanceof ApiError) && failureCount < 3,
    onSuccess: async (comment: unknown, input: AddCommentInput) =>
      (await import('./add-comment')).commentDelivered(queryClient, comment, input),
    onError: async (error: Error) => (await import('./add-comment')).commentFailed(error),
  })
}

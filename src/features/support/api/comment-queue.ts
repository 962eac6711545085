import { onlineManager, type Mutation, type QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'
import type { AddCommentInput } from '@/contract/support'
import { ADD_COMMENT_KEY, DiscardedWrite } from './comment-key'

/** A queued write that failed for a reason that may pass (5xx, 503, no answer) and waits to be sent again. */
export interface RetryState {
  /** When it is sent again (ms since the epoch). */
  at: number
  /** Why the last try failed, as the user reads it. */
  reason: string
}

/** The first wait after a failure; it doubles with each failure up to `RETRY_MAX_MS`. */
export const RETRY_BASE_MS = 2000
export const RETRY_MAX_MS = 30_000

/**
 * A write leaves the queue only when the server stored it (2xx) or said it never will (a 4xx other
 * than 401, 408, 425 and 429). A 401 ends the session, which keeps the write for the same user's next
 * sign-in; server errors, a 503, a rate limit and no answer keep it with backoff.
 */
export function keepsTrying(error: unknown): boolean {
  if (error instanceof DiscardedWrite) return false
  if (error instanceof ApiError)
    return error.status >= 500 || error.status === 408 || error.status === 425 || error.status === 429
  // fetch's TypeError (no network), a timeout or an abort: nothing reached the server, or no answer came back.
  return true
}

const retrying = new Map<string, RetryState>()
/** Writes that waited for a try again at least once: they were queued, whatever happens to them next. */
const retried = new Set<string>()
const wakers = new Map<string, () => void>()
const discarded = new Set<string>()
const listeners = new Set<() => void>()

function changed() {
  for (const listener of listeners) listener()
}

export function subscribeRetries(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The retry a queued write waits for, or undefined when it is simply queued or on its way. */
export function retryStateOf(clientRef: string): RetryState | undefined {
  return retrying.get(clientRef)
}

/** Whether the write waited for a try again (it was queued rather than refused as it was written). */
export function wasRetried(clientRef: string): boolean {
  return retried.has(clientRef)
}

/** Sends a write that waits for its next try now. */
export function retryNow(clientRef?: string) {
  for (const [ref, wake] of wakers) if (clientRef === undefined || ref === clientRef) wake()
}

function wait(clientRef: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      wakers.delete(clientRef)
      resolve()
    }
    wakers.set(clientRef, done)
  })
}

/** Tries `send` until the server stores the write or refuses it for good; waits longer after each failure. */
export async function sendUntilSettled<T>(clientRef: string, send: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    if (discarded.has(clientRef)) throw new DiscardedWrite()
    try {
      const result = await send()
      retrying.delete(clientRef)
      changed()
      return result
    } catch (error) {
      if (discarded.has(clientRef)) throw new DiscardedWrite()
      if (!keepsTrying(error)) {
        retrying.delete(clientRef)
        changed()
        throw error
      }
      const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** failures)
      retried.add(clientRef)
      retrying.set(clientRef, { at: Date.now() + delay, reason: reasonOf(error) })
      changed()
      await wait(clientRef, delay)
    }
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return 'No answer from the server.'
}

function refOf(mutation: Mutation<unknown, Error, unknown, unknown>): string | undefined {
  const variables = mutation.state.variables as Partial<AddCommentInput> | undefined
  return typeof variables?.client_ref === 'string' ? variables.client_ref : undefined
}

function commentMutations(queryClient: QueryClient, clientRef?: string) {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: ADD_COMMENT_KEY })
    .filter((m) => clientRef === undefined || refOf(m) === clientRef)
}

/** The comments written but not delivered yet (queued, on their way or waiting to be sent again). */
export function unsentComments(queryClient: QueryClient) {
  return commentMutations(queryClient).filter((m) => m.state.status === 'pending')
}

/** Throws a queued or failed comment away (the user chose Discard). */
export function discardComment(queryClient: QueryClient, clientRef: string) {
  discarded.add(clientRef)
  for (const mutation of commentMutations(queryClient, clientRef))
    queryClient.getMutationCache().remove(mutation)
  retrying.delete(clientRef)
  retryNow(clientRef)
  changed()
}

/** Sends a comment again: one that failed is queued again, one that waits for its next try goes now. */
export function retryComment(queryClient: QueryClient, clientRef: string) {
  const failed = commentMutations(queryClient, clientRef).find((m) => m.state.status === 'error')
  if (!failed) return retryNow(clientRef)
  const input = failed.state.variables as AddCommentInput
  queryClient.getMutationCache().remove(failed)
  const mutation = queryClient.getMutationCache().build(queryClient, { mutationKey: ADD_COMMENT_KEY })
  mutation.execute(input).catch(() => {})
}

/**
 * Comments are the portal's one queued write (ARCHITECTURE §7). Their function and callbacks live in
 * the client's mutation defaults, so a comment written offline, persisted and restored after a reload,
 * is still sent when the connection comes back. The work itself loads lazily: this module is part of
 * every page, the support code only of portal pages.
 */
export function registerSupportMutations(queryClient: QueryClient) {
  queryClient.setMutationDefaults(ADD_COMMENT_KEY, {
    // Resending is safe (client_ref): the write is tried again until the server stores or refuses it.
    mutationFn: async (input: AddCommentInput) => {
      const { addComment } = await import('./add-comment')
      return sendUntilSettled(input.client_ref, () => addComment(input))
    },
    retry: false,
    onSuccess: async (comment: unknown, input: AddCommentInput) =>
      (await import('./add-comment')).commentDelivered(queryClient, comment, input),
    onError: async (error: Error) => (await import('./add-comment')).commentFailed(error),
  })
  // Back online: what waits for its next try goes now.
  onlineManager.subscribe((online) => {
    if (online) retryNow()
  })
}

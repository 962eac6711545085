import { ApiError } from '@/lib/api-client'

/**
 * What a form shows when its submission fails (spec 000 §8): the server's own message when it sent
 * one, `apiFallback` when it answered without one, and `retryText` when it could not be reached.
 */
export function submissionFailureText(error: unknown, apiFallback: string, retryText: string): string {
  if (!(error instanceof ApiError)) return retryText
  return error.body && typeof error.body === 'object' ? error.message : apiFallback
}

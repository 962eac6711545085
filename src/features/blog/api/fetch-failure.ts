import { ApiError } from '@/lib/api-client'

/**
 * A failed blog call as the screens read it: a server answer keeps its status and message (a 404
 * stays a 404); anything else, such as a lost connection, carries the spec's text for that call.
 */
export function fetchFailure(error: unknown, text: string): ApiError {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') return error
  return new ApiError(error instanceof ApiError ? error.status : 0, text)
}

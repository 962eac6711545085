import { ApiError } from '@/lib/api-client'

/** The server's own words for a failed domain change when it gave some, else the screen's fallback. */
export const errorMessage = (error: Error, fallback: string) =>
  error instanceof ApiError && error.body ? error.message : fallback

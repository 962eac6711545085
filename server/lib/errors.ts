/** An error the API answers with its own status and `{detail, ...fields}` body; never logged as a fault. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly fields: Record<string, string[]> = {},
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail)
    this.name = 'ApiError'
  }
}

export const notFound = (detail = 'Not found.') => new ApiError(404, detail)
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new ApiError(403, detail)
export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new ApiError(401, detail)
export const badRequest = (detail: string, fields: Record<string, string[]> = {}) =>
  new ApiError(400, detail, fields)
export const conflict = (detail: string, fields: Record<string, string[]> = {}) =>
  new ApiError(409, detail, fields)

/** Too many attempts: 429 with the spec's error shape and how long to wait. */
export const throttled = (detail: string, retryAfterSeconds: number) =>
  new ApiError(429, detail, {}, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) })

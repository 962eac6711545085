import type { FastifyError, FastifyInstance } from 'fastify'
import { MESSAGING_ERROR_CODES, type MessagingErrorCode } from '@/contract/messaging'
import { ApiError } from '../../lib/errors'

/** An error of the messaging API: its status, a `code` programs act on, and extra figures (limit, used). */
export class MessagingError extends ApiError {
  constructor(
    readonly code: MessagingErrorCode,
    detail: string,
    readonly extra: Record<string, number | string> = {},
    fields: Record<string, string[]> = {},
    headers: Record<string, string> = {},
  ) {
    super(MESSAGING_ERROR_CODES[code].status, detail, fields, headers)
    this.name = 'MessagingError'
  }
}

export const messagingError = (
  code: MessagingErrorCode,
  detail: string,
  extra: Record<string, number | string> = {},
) => new MessagingError(code, detail, extra)

/** A field error (400 `validation_error`) naming the field. */
export const invalidField = (field: string, detail: string) =>
  new MessagingError('validation_error', detail, {}, { [field]: [detail] })

/** The code of an error answered by the shared handler (validation, throttling, body limits, outages). */
function codeForStatus(status: number): MessagingErrorCode {
  switch (status) {
    case 400:
      return 'validation_error'
    case 401:
      return 'invalid_api_key'
    case 404:
      return 'not_found'
    case 413:
      return 'payload_too_large'
    case 415:
      return 'unsupported_media_type'
    case 429:
      return 'rate_limited'
    case 503:
      return 'service_unavailable'
    default:
      return status >= 500 ? 'internal_error' : 'validation_error'
  }
}

/**
 * In the messaging API's plugin: a MessagingError answers `{detail, code, ...figures, ...fields}`; every
 * other error goes on to the app's error handler, and its answer gets the `code` of its status.
 */
export function answerWithCodes(api: FastifyInstance) {
  api.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof MessagingError)
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ detail: error.detail, code: error.code, ...error.extra, ...error.fields })
    // Validation, throttling, body limits, outages: the app's handler answers; the code is added below.
    throw error
  })
  api.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object' || 'code' in payload) return payload
    return { ...payload, code: codeForStatus(reply.statusCode) }
  })
}

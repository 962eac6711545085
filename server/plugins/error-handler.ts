import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { StorageUnavailableError } from '../adapters/storage'
import { isDatabaseUnreachable } from '../lib/database-outage'
import { ApiError } from '../lib/errors'

/** How long a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.'

function fieldErrors(
  validation: { instancePath: string; message?: string | undefined }[],
): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors'
    ;(fields[field] ??= []).push(issue.message ?? 'Invalid value.')
  }
  return fields
}

/** Every failure answers `{detail, ...fields}`; a 500 never carries internals. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ApiError) {
        return reply
          .status(error.statusCode)
          .headers(error.headers)
          .send({ detail: error.detail, ...error.fields })
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send({ detail: 'Invalid input.', ...fieldErrors(error.validation) })
      }
      // An outage is not an internal error: the request may be repeated once the database is back.
      if (isDatabaseUnreachable(error)) {
        app.databaseOutage.report(error)
        return reply
          .status(503)
          .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ detail: UNAVAILABLE_MESSAGE })
      }
      if (error instanceof StorageUnavailableError) {
        request.log.error({ err: error }, 'file storage unavailable')
        return reply
          .status(503)
          .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ detail: UNAVAILABLE_MESSAGE })
      }
      const status = error.statusCode ?? 500
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed')
        return reply.status(500).send({ detail: 'Internal server error.' })
      }
      const detail = knownClientErrors[error.code] ?? error.message
      return reply.status(status).send({ detail })
    })

    app.setNotFoundHandler(async (request, reply) => {
      // Browser navigations to app routes get the renderer; everything else a JSON 404.
      if (app.hasDecorator('serveAppShell') && (await app.serveAppShell(request, reply))) return reply
      return reply.status(404).send({ detail: 'Not found.' })
    })
  },
  { name: 'error-handler' },
)

const knownClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length.',
  FST_ERR_RATE_LIMITED: 'Request was throttled. Please try again later.',
  FST_REQ_FILE_TOO_LARGE: 'File is too large.',
  FST_PARTS_LIMIT: 'Too many parts in the upload.',
  FST_FILES_LIMIT: 'Too many files in the upload.',
  FST_FIELDS_LIMIT: 'Too many fields in the upload.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data request.',
}

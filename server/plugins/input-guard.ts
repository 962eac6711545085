import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { NUL_MESSAGE } from '@/contract/common'
import { ApiError, badRequest } from '../lib/errors'

/** No request of ours nests deeper than a few levels; far deeper input is an attack on recursion. */
export const MAX_JSON_DEPTH = 32
export const JSON_TOO_DEEP_MESSAGE = `JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`

/** Whether JSON text opens more than `max` arrays or objects inside each other (a linear scan, no parse). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i += 1 // a backslash escapes the next character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      depth += 1
      if (depth > max) return true
    } else if (c === 0x5d || c === 0x7d) depth -= 1
  }
  return false
}

/** The path of the first string containing a NUL character, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'non_field_errors' : null
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, path ? `${path}.${i}` : String(i))
      if (found) return found
    }
    return null
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path || key
      const found = findNul(item, path ? `${path}.${key}` : key)
      if (found) return found
    }
  }
  return null
}

/** JSON bodies keep Fastify's parser (prototype-poisoning checks, body limit) behind a depth check. */
function limitJsonDepth(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (nestsDeeperThan(text, MAX_JSON_DEPTH))
      return done(new ApiError(400, JSON_TOO_DEEP_MESSAGE), undefined)
    parse(request, text, done)
  })
}

/**
 * Bodies are bounded in size (Fastify's bodyLimit; multipart limits in lib/uploads.ts) and depth before
 * any route sees them. PostgreSQL cannot store NUL in text and fails the query: such input is refused
 * as a field error (path, query string and JSON body alike).
 */
export default fp(
  async (app) => {
    limitJsonDepth(app)
    app.addHook('preValidation', async (request) => {
      const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body)
      if (field) throw badRequest('Invalid input.', { [field]: [NUL_MESSAGE] })
    })
  },
  { name: 'input-guard' },
)

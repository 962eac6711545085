import fp from 'fastify-plugin'
import { NUL_MESSAGE } from '@/contract/common'
import { badRequest } from '../lib/errors'

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

/**
 * PostgreSQL cannot store NUL in text and fails the query: refuse such input as a field error before
 * any route sees it (path, query string and JSON body alike).
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body)
      if (field) throw badRequest('Invalid input.', { [field]: [NUL_MESSAGE] })
    })
  },
  { name: 'input-guard' },
)

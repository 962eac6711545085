import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'

/**
 * An onSend hook for public listings: browsers and shared caches may reuse a successful answer (or one
 * revalidated with a 304) for a minute. A route that sets its own Cache-Control keeps it.
 */
export async function publicCacheHeaders(_request: FastifyRequest, reply: FastifyReply) {
  if ((reply.statusCode === 200 || reply.statusCode === 304) && !reply.hasHeader('cache-control')) {
    reply.header('Cache-Control', 'public, max-age=60')
  }
}

/** A public answer encoded once through its response schema, shared by every caller, with its ETag. */
export interface SharedAnswer {
  body: string
  etag: string
}

/** Encodes `data` as the route's serializer would (schema encode, then JSON), once for many callers. */
export function encodeSharedAnswer<S extends z.ZodMiniType>(schema: S, data: z.output<S>): SharedAnswer {
  const body = JSON.stringify(z.encode(schema, data))
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const value = tag.trim()
    return value === '*' || value.replace(/^W\//, '') === etag
  })
}

/** Sends a shared answer as JSON, or 304 without a body when the caller already holds it. */
export function sendSharedAnswer(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer) {
  reply.header('ETag', answer.etag)
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
  return reply.type('application/json; charset=utf-8').send(answer.body)
}

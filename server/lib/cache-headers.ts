import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
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
  /** Compressed once, when a caller first accepts each encoding. */
  compressed: { br?: Buffer; gzip?: Buffer }
}

/** Encodes `data` as the route's serializer would (schema encode, then JSON), once for many callers. */
export function encodeSharedAnswer<S extends z.ZodMiniType>(schema: S, data: z.output<S>): SharedAnswer {
  const body = JSON.stringify(z.encode(schema, data))
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    compressed: {},
  }
}

/** Whether an If-None-Match header names this answer in any encoding (weak comparison, RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const base = etag.slice(0, -1)
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '')
    return value === '*' || value === etag || value === `${base}-br"` || value === `${base}-gzip"`
  })
}

/** The encoding to answer with: brotli, else gzip, when the caller accepts it (q=0 refuses). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name?.trim().toLowerCase()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return null
}

/**
 * Sends a shared answer as JSON, compressed once per encoding rather than once per request, or 304
 * without a body when the caller already holds it.
 */
export function sendSharedAnswer(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer) {
  const encoding = answer.body.length >= 1024 ? acceptedEncoding(request.headers['accept-encoding']) : null
  reply.header('Vary', 'Accept-Encoding')
  reply.header('ETag', encoding ? `${answer.etag.slice(0, -1)}-${encoding}"` : answer.etag)
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
  reply.type('application/json; charset=utf-8')
  if (!encoding) return reply.send(answer.body)
  const compressed = (answer.compressed[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(answer.body, { level: 9 }))
  reply.header('Content-Encoding', encoding)
  return reply.send(compressed)
}

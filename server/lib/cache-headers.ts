import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * An onSend hook for public listings: browsers and shared caches may reuse a successful answer for a
 * minute. A route that sets its own Cache-Control keeps it.
 */
export async function publicCacheHeaders(_request: FastifyRequest, reply: FastifyReply) {
  if (reply.statusCode === 200 && !reply.hasHeader('cache-control')) {
    reply.header('Cache-Control', 'public, max-age=60')
  }
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { pageViewRequestSchema } from '@/contract/analytics'
import { errorBodySchema } from '@/contract/common'
import { pageViews } from '../../db/schema'
import { limits } from '../../plugins/rate-limit'

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/analytics/page-views/',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record one page view (first-party, no cookies, no IP stored)',
        body: pageViewRequestSchema,
        response: { 204: z.null(), 400: errorBodySchema, 429: errorBodySchema },
      },
      config: { rateLimit: limits.analytics },
      preHandler: app.identify,
    },
    async (request, reply) => {
      const { path, referrer, session_id, platform } = request.body
      await app.db.insert(pageViews).values({
        path,
        referrer: referrer ?? null,
        sessionId: session_id ?? null,
        platform: platform ?? null,
        userId: request.caller?.userId ?? null,
      })
      return reply.status(204).send(null)
    },
  )
}

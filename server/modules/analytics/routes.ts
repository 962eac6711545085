import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { pageViewRequestSchema } from '@/contract/analytics'
import { errorBodySchema } from '@/contract/common'
import { limits } from '../../plugins/rate-limit'
import * as analytics from './service'

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
      await analytics.recordPageView(app.db, request.body, request.caller?.userId ?? null)
      return reply.status(204).send(null)
    },
  )
}

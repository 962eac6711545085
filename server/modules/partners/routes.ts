import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, pageQuerySchema } from '@/contract/common'
import { partnerListSchema } from '@/contract/partners'
import { paginate } from '../../lib/pagination'
import { publicCacheHeaders } from '../../lib/cache-headers'
import * as partners from './service'

export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', publicCacheHeaders)
  app.get(
    '/api/public/partners/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['partners'],
        summary: 'Active partners in display order, 20 per page',
        querystring: pageQuerySchema,
        response: { 200: partnerListSchema, 400: errorBodySchema },
      },
    },
    async (request) =>
      paginate(request, app.config.publicUrl, await partners.listPartners(app.db, request.query.page)),
  )
}

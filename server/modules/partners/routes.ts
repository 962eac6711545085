import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pageQuerySchema } from '@/contract/common'
import { partnerListSchema } from '@/contract/partners'
import { publicCacheHeaders } from '../../lib/cache-headers'
import * as partners from './service'
import { pageRoute } from '../../lib/route-page'
import { errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({ tags: ['partners'], errors: errorAnswers(400) })

export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', publicCacheHeaders)
  pageRoute(app, schema, '/api/public/partners/', {
    summary: 'Active partners in display order, 20 per page',
    query: pageQuerySchema,
    page: partnerListSchema,
    keepAnswer: true,
    load: (_request, query) => partners.listPartners(app.db, query.page),
  })
}

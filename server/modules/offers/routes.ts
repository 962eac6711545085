import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import { featuredOffersSchema, offerListQuerySchema, offerListSchema, offerSchema } from '@/contract/offers'
import { publicCacheHeaders } from '../../lib/cache-headers'
import * as offers from './service'
import { pageRoute } from '../../lib/route-page'
import { errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({ tags: ['offers'], errors: errorAnswers(400) })

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', publicCacheHeaders)
  pageRoute(app, schema, '/api/public/offers/', {
    summary: 'Current offers, 20 per page',
    description: '`service_type` is a service slug such as `web-development` or `sms-otp`.',
    query: offerListQuerySchema,
    page: offerListSchema,
    load: (_request, query) => offers.listOffers(app.db, query),
  })

  // A static path: find-my-way matches it before the {id} route below.
  app.get(
    '/api/public/offers/featured/',
    {
      schema: {
        tags: ['offers'],
        summary: `Featured current offers (at most ${offers.FEATURED_OFFERS_LIMIT})`,
        response: { 200: featuredOffersSchema },
      },
    },
    async () => offers.listFeaturedOffers(app.db),
  )

  app.get(
    '/api/public/offers/:id/',
    {
      schema: {
        tags: ['offers'],
        summary: 'One current offer',
        params: recordIdParamSchema,
        response: { 200: offerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => offers.readOffer(app.db, request.params.id),
  )
}

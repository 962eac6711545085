import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pageQuerySchema } from '@/contract/common'
import { officeListSchema } from '@/contract/offices'
import * as offices from './service'
import { pageRoute } from '../../lib/route-page'
import { errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({ tags: ['public'], errors: errorAnswers(400) })

export const officeRoutes: FastifyPluginAsyncZod = async (app) => {
  pageRoute(app, schema, '/api/public/offices/', {
    summary: 'The company offices, first office first',
    description:
      'Not part of the original API: the contact page shows the first office (title, address, optional phone and e-mail) with its map location. phone, email, lat and lng are null when unknown.',
    query: pageQuerySchema,
    page: officeListSchema,
    load: (_request, query) => offices.listOffices(app.db, query.page),
  })
}

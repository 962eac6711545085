import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, pageQuerySchema } from '@/contract/common'
import { officeListSchema } from '@/contract/offices'
import { paginate } from '../../lib/pagination'
import * as offices from './service'

export const officeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/offices/',
    {
      schema: {
        tags: ['public'],
        summary: 'The company offices, first office first',
        description:
          'Not part of the original API: the contact page shows the first office (title, address, optional phone and e-mail) with its map location. phone, email, lat and lng are null when unknown.',
        querystring: pageQuerySchema,
        response: { 200: officeListSchema, 400: errorBodySchema },
      },
    },
    async (request) =>
      paginate(request, app.config.publicUrl, await offices.listOffices(app.db, request.query.page)),
  )
}

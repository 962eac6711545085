import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, pageQuerySchema, paginated } from '@/contract/common'
import { officeSchema } from '@/contract/inquiries'
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
        response: { 200: paginated(officeSchema), 400: errorBodySchema },
      },
    },
    async (request) =>
      paginate(request, app.config.publicUrl, await offices.listOffices(app.db, request.query.page)),
  )
}

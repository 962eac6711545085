import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, pageQuerySchema } from '@/contract/common'
import { officeListSchema } from '@/contract/offices'
import { PAGE_SIZE, pageWindow, paginate } from '../../lib/pagination'
import { listOffices } from './repository'

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
    async (request) => {
      const { page } = request.query
      const { rows, count } = await listOffices(app.db, pageWindow(page, PAGE_SIZE.default))
      return paginate(request, app.config.publicUrl, {
        page,
        pageSize: PAGE_SIZE.default,
        count,
        results: rows.map((o) => ({
          id: o.id,
          title: o.title,
          address: o.address,
          phone: o.phone,
          email: o.email,
          lat: o.lat,
          lng: o.lng,
        })),
      })
    },
  )
}

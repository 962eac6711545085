import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pageQuerySchema, recordIdParamSchema } from '@/contract/common'
import { receiptListSchema, receiptPaths, receiptSchema } from '@/contract/receipts'
import { contentDisposition } from '../../lib/uploads'
import { callerOf } from '../../plugins/auth'
import { registerReceiptHooks } from './hooks'
import * as receipts from './service'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'
import { pageRoute, recordRoute } from '../../lib/route-page'

const errors = errorAnswers(400, 401, 404)
const security = bearerSecurity
const schema = routeSchemas({ tags: ['payments'], security, errors })

export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReceiptHooks(app)

  pageRoute(app, schema, receiptPaths.list, {
    summary: "The signed-in client's receipts, newest first",
    query: pageQuerySchema,
    page: receiptListSchema,
    keepAnswer: true,
    preHandler: app.authenticate,
    load: (request, query) => receipts.listReceipts(app.db, callerOf(request).userId, query.page),
  })

  recordRoute(app, schema, '/api/receipts/orders/:id/', {
    summary: 'The receipt of one of my paid orders',
    description: "404 `{detail}` while the order is unpaid, and for another client's order.",
    answer: receiptSchema,
    keepAnswer: true,
    preHandler: app.authenticate,
    load: (request, id) => receipts.receiptOfOrder(app.db, callerOf(request).userId, id),
  })

  app.get(
    '/api/receipts/orders/:id/pdf/',
    {
      schema: {
        tags: ['payments'],
        summary: 'The receipt of one of my paid orders as a PDF',
        description: "Answers `application/pdf` as an attachment; 404 `{detail}` for another client's order.",
        security,
        params: recordIdParamSchema,
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const { filename, pdf } = await receipts.receiptPdf(app.db, callerOf(request).userId, request.params.id)
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(filename))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf)
    },
  )
}

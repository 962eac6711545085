import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, pageQuerySchema, recordIdParamSchema } from '@/contract/common'
import { receiptListSchema, receiptPaths, receiptSchema } from '@/contract/receipts'
import { paginate } from '../../lib/pagination'
import { contentDisposition } from '../../lib/uploads'
import { callerOf } from '../../plugins/auth'
import { registerReceiptHooks } from './hooks'
import * as receipts from './service'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }
const security = [{ bearer: [] }]

export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReceiptHooks(app)

  app.get(
    receiptPaths.list,
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['payments'],
        summary: "The signed-in client's receipts, newest first",
        security,
        querystring: pageQuerySchema,
        response: { 200: receiptListSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) =>
      paginate(
        request,
        app.config.publicUrl,
        await receipts.listReceipts(app.db, callerOf(request).userId, request.query.page),
      ),
  )

  app.get(
    '/api/receipts/orders/:id/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['payments'],
        summary: 'The receipt of one of my paid orders',
        description: "404 `{detail}` while the order is unpaid, and for another client's order.",
        security,
        params: recordIdParamSchema,
        response: { 200: receiptSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => receipts.receiptOfOrder(app.db, callerOf(request).userId, request.params.id),
  )

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

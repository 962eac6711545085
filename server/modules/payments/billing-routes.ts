import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { billingMessages, orderCancelledSchema, orderHistorySchema } from '@/contract/billing'
import { recordIdParamSchema } from '@/contract/common'
import { callerOf } from '../../plugins/auth'
import { cancelOrder, orderHistory } from './billing'
import { paymentDeps } from './routes'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({
  tags: ['payments'],
  security: bearerSecurity,
  errors: errorAnswers(400, 401, 404, 409),
})

/** The billing history's calls (issue 24): one order's history, and cancelling an unpaid order. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = paymentDeps(app)
  app.addHook('preHandler', app.authenticate)

  app.get(
    '/api/payments/orders/:id/history/',
    {
      schema: schema("One of the caller's orders with its payment attempts, refunds and receipt", {
        params: recordIdParamSchema,
        response: { 200: orderHistorySchema },
      }),
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store')
      return orderHistory(app.db, callerOf(request).userId, request.params.id)
    },
  )

  app.post(
    '/api/payments/orders/:id/cancel/',
    {
      schema: schema('Cancel one of the caller’s unpaid orders (pending or failed); a paid one is 409', {
        params: recordIdParamSchema,
        response: { 200: orderCancelledSchema },
      }),
    },
    async (request) => ({
      success: true,
      message: billingMessages.cancelled,
      order: await cancelOrder(deps, callerOf(request).userId, request.params.id),
    }),
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import {
  refundOrderSchema,
  staffOrderDetailSchema,
  staffOrderListSchema,
  staffOrderQuerySchema,
} from '@/contract/payments-staff'
import { staffAudit, staffListRoute, staffSchema, staffSecurity, staffTags } from '../../lib/staff-console'
import { contentDisposition } from '../../lib/uploads'
import { receiptPdf } from '../receipts'
import { refundOrder } from './refunds'
import { paymentDeps } from './routes'
import { listStaffOrders, orderOwner, staffOrderDetail } from './staff-orders'

/**
 * The orders and payments area of the staff console (`/api/staff/orders/…`): every order, one order with
 * its gateway events, its receipt, and a manual refund through the refund rule (audited there, in the
 * transaction that marks the order refunded). Registered by the staff module inside its role check.
 */
export const paymentStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  staffListRoute(app, '/api/staff/orders/', {
    summary: 'Every order of every client',
    filters:
      'Filters: search (order number, description, gateway reference, company, e-mail), status, kind, gateway, client (company id), from and to (creation day, YYYY-MM-DD, UTC, both included). Sort: newest, oldest, amount, amount_asc, paid.',
    query: staffOrderQuerySchema,
    list: staffOrderListSchema,
    file: 'orders',
    load: (query, pageSize) => listStaffOrders(app.db, query, pageSize),
    columns: {
      Order: 'id',
      Created: 'created_at',
      Paid: 'paid_at',
      Company: (o) => o.client.company_name,
      'E-mail': (o) => o.client.email,
      Kind: 'kind',
      Description: 'description',
      'Amount (USD)': (o) => o.amount.toFixed(2),
      Status: 'status',
      Gateway: 'gateway',
      'Gateway reference': 'gateway_reference',
      Charged: (o) => (o.charge ? `${o.charge.amount.toFixed(2)} ${o.charge.currency}` : ''),
      'Refund reason': (o) => o.refund?.reason ?? '',
    },
  })

  app.get(
    '/api/staff/orders/:id/',
    {
      schema: staffSchema('One order with its client, gateway events, ledger entries, receipt and refund', {
        params: recordIdParamSchema,
        response: { 200: staffOrderDetailSchema },
      }),
    },
    async (request) => staffOrderDetail(app.db, request.params.id),
  )

  app.post(
    '/api/staff/orders/:id/refund/',
    {
      schema: staffSchema('Refund a paid order whole, through its gateway or to the wallet (audited)', {
        description:
          "Reverses what the order gave: a top-up's credit, an app's activation, the referral rewards of its qualifying order. 409 `{detail}` for an unpaid or already refunded order, a top-up already spent, a refund in progress or one the gateway refused; 502 when the gateway could not be reached (nothing was refunded).",
        params: recordIdParamSchema,
        body: refundOrderSchema,
        response: { 200: staffOrderDetailSchema, 409: errorBodySchema, 502: errorBodySchema },
      }),
    },
    async (request) => {
      await refundOrder(paymentDeps(app), request.params.id, request.body.reason, staffAudit(request))
      return staffOrderDetail(app.db, request.params.id)
    },
  )

  app.get(
    '/api/staff/orders/:id/receipt/pdf/',
    {
      schema: {
        tags: staffTags,
        summary: "The order's receipt as a PDF (marked refunded after a refund)",
        description: '404 `{detail}` while the order has no receipt (unpaid).',
        security: staffSecurity,
        params: recordIdParamSchema,
      },
    },
    async (request, reply) => {
      const owner = await orderOwner(app.db, request.params.id)
      const { filename, pdf } = await receiptPdf(app.db, owner, request.params.id)
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(filename))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf)
    },
  )
}

import type { FastifyRequest } from 'fastify'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import {
  refundOrderSchema,
  staffOrderDetailSchema,
  staffOrderListSchema,
  staffOrderQuerySchema,
} from '@/contract/staff-orders'
import type { AuditContext } from '../../lib/audit'
import { contentDisposition } from '../../lib/uploads'
import { orderStaff, paymentDeps, refundOrder } from '../payments'
import { receiptPdf } from '../receipts'
import type { AnswerList, App } from './content-routes'

/**
 * The orders and payments area of the console (`/api/staff/orders/…`): every order, one order with its
 * gateway events, its receipt, and a manual refund through the payments module's refund rule (audited
 * there, in the transaction that marks the order refunded). Registered inside the staff routes, so the
 * same role check runs first.
 */
export function registerOrderRoutes(
  app: App,
  helpers: { audit: (request: FastifyRequest) => AuditContext; answerList: AnswerList; csvNote: string },
) {
  const { audit, answerList, csvNote } = helpers
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }
  const security = [{ bearer: [] }]
  const tags = ['staff']

  app.get(
    '/api/staff/orders/',
    {
      schema: {
        tags,
        summary: 'Every order of every client',
        description: `Filters: search (order number, description, gateway reference, company, e-mail), status, kind, gateway, client (company id), from and to (creation day, YYYY-MM-DD, UTC, both included). Sort: newest, oldest, amount, amount_asc, paid. ${csvNote}`,
        security,
        querystring: staffOrderQuerySchema,
        response: { 200: staffOrderListSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'orders',
        (page, pageSize) => orderStaff.listStaffOrders(app.db, { ...request.query, page }, pageSize),
        [
          { label: 'Order', value: (o) => o.id },
          { label: 'Created', value: (o) => o.created_at },
          { label: 'Paid', value: (o) => o.paid_at ?? '' },
          { label: 'Company', value: (o) => o.client.company_name },
          { label: 'E-mail', value: (o) => o.client.email },
          { label: 'Kind', value: (o) => o.kind },
          { label: 'Description', value: (o) => o.description },
          { label: 'Amount (USD)', value: (o) => o.amount.toFixed(2) },
          { label: 'Status', value: (o) => o.status },
          { label: 'Gateway', value: (o) => o.gateway ?? '' },
          { label: 'Gateway reference', value: (o) => o.gateway_reference ?? '' },
          {
            label: 'Charged',
            value: (o) => (o.charge ? `${o.charge.amount.toFixed(2)} ${o.charge.currency}` : ''),
          },
          { label: 'Refund reason', value: (o) => o.refund?.reason ?? '' },
        ],
      ),
  )

  app.get(
    '/api/staff/orders/:id/',
    {
      schema: {
        tags,
        summary: 'One order with its client, gateway events, ledger entries, receipt and refund',
        security,
        params: recordIdParamSchema,
        response: { 200: staffOrderDetailSchema, ...errors },
      },
    },
    async (request) => orderStaff.staffOrderDetail(app.db, request.params.id),
  )

  app.post(
    '/api/staff/orders/:id/refund/',
    {
      schema: {
        tags,
        summary: 'Refund a paid order whole, through its gateway or to the wallet (audited)',
        description:
          "Reverses what the order gave: a top-up's credit, an app's activation, the referral rewards of its qualifying order. 409 `{detail}` for an unpaid or already refunded order, a top-up already spent, a refund in progress or one the gateway refused; 502 when the gateway could not be reached (nothing was refunded).",
        security,
        params: recordIdParamSchema,
        body: refundOrderSchema,
        response: {
          200: staffOrderDetailSchema,
          ...errors,
          409: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request) => {
      await refundOrder(paymentDeps(app), request.params.id, request.body.reason, audit(request))
      return orderStaff.staffOrderDetail(app.db, request.params.id)
    },
  )

  app.get(
    '/api/staff/orders/:id/receipt/pdf/',
    {
      schema: {
        tags,
        summary: "The order's receipt as a PDF (marked refunded after a refund)",
        description: '404 `{detail}` while the order has no receipt (unpaid).',
        security,
        params: recordIdParamSchema,
      },
    },
    async (request, reply) => {
      const owner = await orderStaff.orderOwner(app.db, request.params.id)
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

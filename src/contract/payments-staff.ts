import * as z from 'zod/mini'
import { isCalendarDate, optionalQueryText, pageNumber, paginated, recordId, requiredText } from './common'
import { CHECKOUT_METHODS, ORDER_KINDS, ORDER_STATUSES, orderSchema } from './payments'

/**
 * The staff console's orders and payments (issue 15): every order of every client, its gateway events,
 * its receipt and a manual refund (server/modules/payments/refunds.ts).
 */
export const staffOrderMessages = {
  refunded: 'The order was refunded.',
  notFound: 'Order not found.',
  alreadyRefunded: 'This order was already refunded.',
  notPaid: (status: string) => `Only a paid order can be refunded; this one is ${status}.`,
  inProgress:
    'A refund of this order is already in progress. Try again in a few minutes if it does not finish.',
  topupSpent: (held: string, amount: string) =>
    `The client's wallet holds ${held}, less than this top-up of ${amount}: the top-up was already spent, so it cannot be refunded.`,
  gatewayRefused: (message: string) => `The gateway refused the refund: ${message}`,
  gatewayFailed: 'The gateway could not be reached. Nothing was refunded; please try again.',
  badDate: 'Enter a date as YYYY-MM-DD.',
  badRange: 'The start date must not be after the end date.',
} as const

/** A date filter (YYYY-MM-DD, a real day). */
const dateFilter = z.optional(
  z.string().check(z.refine((v) => isCalendarDate(v), staffOrderMessages.badDate)),
)

export const STAFF_ORDER_SORTS = ['newest', 'oldest', 'amount', 'amount_asc', 'paid'] as const
export type StaffOrderSort = (typeof STAFF_ORDER_SORTS)[number]

/** GET /api/staff/orders/: every order; dates filter the creation day (UTC), both ends included. */
export const staffOrderQuerySchema = z
  .object({
    page: pageNumber(),
    /** Order number, description, gateway reference, client company or e-mail. */
    search: optionalQueryText(200),
    status: z.optional(z.enum(ORDER_STATUSES)),
    kind: z.optional(z.enum(ORDER_KINDS)),
    gateway: z.optional(z.enum(CHECKOUT_METHODS)),
    client: z.optional(recordId()),
    from: dateFilter,
    to: dateFilter,
    sort: z._default(z.optional(z.enum(STAFF_ORDER_SORTS)), 'newest'),
    format: z.optional(z.enum(['json', 'csv'])),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: staffOrderMessages.badRange,
      path: ['from'],
    }),
  )
export type StaffOrderQuery = z.output<typeof staffOrderQuerySchema>

/** Who placed an order: the client company (null for a staff account's order) and the user. */
export const orderClientSchema = z.object({
  client_id: z.nullable(z.int()),
  company_name: z.string(),
  user_id: z.int(),
  email: z.string(),
  name: z.string(),
})

/** A staff refund of the order. */
export const orderRefundSchema = z.object({
  status: z.enum(['pending', 'succeeded']),
  /** Where the money went: the order's gateway, or the wallet. */
  method: z.enum(CHECKOUT_METHODS),
  amount: z.number(),
  gateway_refund_reference: z.nullable(z.string()),
  reason: z.string(),
  by: z.nullable(z.string()),
  created_at: z.string(),
  completed_at: z.nullable(z.string()),
})

export const staffOrderRowSchema = z.extend(orderSchema, {
  client: orderClientSchema,
  refund: z.nullable(orderRefundSchema),
})
export type StaffOrderRow = z.infer<typeof staffOrderRowSchema>
export const staffOrderListSchema = paginated(staffOrderRowSchema)

/** One notification the gateway sent about the order, and what we did with it. */
export const gatewayEventSchema = z.object({
  id: z.int(),
  gateway: z.string(),
  event_id: z.string(),
  /** What it said: paid, failed, pending, cancelled, refunded. */
  outcome: z.string(),
  /**
   * applied: it changed the order; ignored: a duplicate state, stale, or of no effect; rejected: it did
   * not match the checkout it names (currency, amount) and applied nothing.
   */
  result: z.enum(['applied', 'ignored', 'rejected']),
  /** Why it was ignored or rejected, in words for staff; null when applied. */
  reason: z.nullable(z.string()),
  occurred_at: z.nullable(z.string()),
  received_at: z.string(),
})

/** A ledger entry the order made (top-up credit, wallet payment, refund, referral reversal). */
export const orderLedgerEntrySchema = z.object({
  id: z.int(),
  transaction_type: z.string(),
  source: z.string(),
  amount: z.number(),
  description: z.string(),
  created_at: z.string(),
})

/** One checkout started for the order (the client may have tried several gateways or several times). */
export const checkoutAttemptSchema = z.object({
  id: z.int(),
  gateway: z.string(),
  gateway_reference: z.string(),
  charge: z.object({ amount: z.number(), currency: z.enum(['USD', 'EGP']) }),
  created_at: z.string(),
})

/** A second successful payment for the order, refunded automatically through its gateway. */
export const extraPaymentSchema = z.object({
  id: z.int(),
  gateway: z.string(),
  gateway_reference: z.string(),
  charge: z.object({ amount: z.number(), currency: z.enum(['USD', 'EGP']) }),
  /** pending: being refunded; refunded: given back; failed: the gateway refused (see error). */
  status: z.enum(['pending', 'refunded', 'failed']),
  gateway_refund_reference: z.nullable(z.string()),
  error: z.nullable(z.string()),
  created_at: z.string(),
  refunded_at: z.nullable(z.string()),
})

export const staffOrderDetailSchema = z.extend(staffOrderRowSchema, {
  /** What the order buys, as its module stored it (domain id, app id, years, ...). */
  details: z.record(z.string(), z.unknown()),
  /** The gateway's id of the payment itself (Paymob transaction, Fawry reference number), when known. */
  gateway_payment_reference: z.nullable(z.string()),
  fulfilment: z.object({
    status: z.enum(['pending', 'done', 'failed']),
    attempts: z.int(),
    error: z.nullable(z.string()),
    fulfilled_at: z.nullable(z.string()),
  }),
  /** Checkouts started, oldest first. */
  attempts: z.array(checkoutAttemptSchema),
  events: z.array(gatewayEventSchema),
  /** Second payments refunded automatically (one order, one payment). */
  extra_payments: z.array(extraPaymentSchema),
  ledger: z.array(orderLedgerEntrySchema),
  /** The receipt's number when the order has one (paid orders); its PDF is at `receipt_pdf_url`. */
  receipt: z.nullable(z.object({ number: z.string(), issued_at: z.string() })),
  receipt_pdf_url: z.nullable(z.string()),
  refundable: z.boolean(),
})
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>

/** POST /api/staff/orders/{id}/refund/: the whole order goes back; the reason is kept in the audit log. */
export const refundOrderSchema = z.object({ reason: requiredText(500) })
export type RefundOrderInput = z.output<typeof refundOrderSchema>

export const staffOrderPaths = {
  list: '/api/staff/orders/',
  detail: (id: number) => `/api/staff/orders/${id}/`,
  refund: (id: number) => `/api/staff/orders/${id}/refund/`,
  receiptPdf: (id: number) => `/api/staff/orders/${id}/receipt/pdf/`,
} as const

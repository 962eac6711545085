import * as z from 'zod/mini'
import {
  CHECKOUT_METHODS,
  LOCAL_GATEWAY_CURRENCY,
  ORDER_CURRENCY,
  orderSchema,
  type CheckoutMethod,
  type OrderKind,
} from './payments'

/**
 * The client's billing history (issue 24; the spec shows none): every order of the client, newest first
 * (`GET /api/payments/orders/`), and one order with its payment attempts, refunds and receipt. An unpaid
 * order can be paid again in the same checkout or cancelled. Only the client's own orders; another
 * client's order is a 404.
 */

/**
 * What became of one payment attempt: the gateway confirmed it (`succeeded`), declined it (`failed`), the
 * payer gave up on its page (`cancelled`), it is the order's open checkout with no answer yet (`pending`),
 * or a later attempt replaced it before any answer (`not_completed`).
 */
export const ATTEMPT_RESULTS = ['succeeded', 'failed', 'cancelled', 'pending', 'not_completed'] as const
export type AttemptResult = (typeof ATTEMPT_RESULTS)[number]

/** One payment attempt: a checkout started at a gateway, or the payment from the wallet. */
export const paymentAttemptSchema = z.object({
  gateway: z.enum(CHECKOUT_METHODS),
  /** What the gateway was asked to charge, in its currency (EGP for Paymob and Fawry). */
  amount: z.number(),
  currency: z.enum([ORDER_CURRENCY, LOCAL_GATEWAY_CURRENCY]),
  result: z.enum(ATTEMPT_RESULTS),
  /** The gateway's reference (payment intent, Paymob order, Fawry reference). */
  reference: z.nullable(z.string()),
  created_at: z.string(),
})
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>

/**
 * A refund of the order: where the money went back and whether it is done. Also a second payment for an
 * order already paid, given back automatically through its own gateway (in its currency: EGP for Paymob
 * and Fawry).
 */
export const billingRefundSchema = z.object({
  status: z.enum(['pending', 'succeeded']),
  /** The order's gateway, or 'wallet' when the money went back to the wallet. */
  method: z.enum(CHECKOUT_METHODS),
  amount: z.number(),
  currency: z.enum([ORDER_CURRENCY, LOCAL_GATEWAY_CURRENCY]),
  reason: z.string(),
  created_at: z.string(),
  completed_at: z.nullable(z.string()),
})
export type BillingRefund = z.infer<typeof billingRefundSchema>

export const billingReceiptSchema = z.object({
  number: z.string(),
  issued_at: z.string(),
  /** The PDF download (bearer token, like every portal call). */
  pdf_url: z.string(),
})

/** `GET /api/payments/orders/{id}/history/` (ours). */
export const orderHistorySchema = z.object({
  order: orderSchema,
  /** Oldest first. */
  attempts: z.array(paymentAttemptSchema),
  refunds: z.array(billingRefundSchema),
  receipt: z.nullable(billingReceiptSchema),
  /** An unpaid order (pending or failed): 'Complete payment' and 'Cancel order' are offered. */
  payable: z.boolean(),
})
export type OrderHistory = z.infer<typeof orderHistorySchema>

/** `POST /api/payments/orders/{id}/cancel/` (ours) answers the cancelled order. */
export const orderCancelledSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  order: orderSchema,
})

export const billingMessages = {
  title: 'Billing history',
  lead: 'Every order you placed, what you paid and how.',
  empty: 'No orders yet.',
  loadFailed: 'Failed to load your orders. Please try again.',
  orderLoadFailed: 'Failed to load this order. Please try again.',
  notFound: 'Order not found.',
  completePayment: 'Complete payment',
  cancelOrder: 'Cancel order',
  cancelConfirm: 'Cancel this order? Nothing has been charged for it, and it can no longer be paid.',
  keepOrder: 'Keep order',
  cancelled: 'Order cancelled.',
  cancelFailed: 'Failed to cancel the order. Please try again.',
  notCancellable: 'This order is paid or closed and can no longer be cancelled.',
  attempts: 'Payment attempts',
  noAttempts: 'No payment has been attempted yet.',
  refunds: 'Refunds',
  receipt: 'Receipt',
  noReceipt: 'A receipt is issued once the order is paid.',
  offlineActions: 'Paying and cancelling need a connection.',
} as const

/** How the client reads a payment method. */
export const checkoutMethodLabels: Record<CheckoutMethod, string> = {
  stripe: 'Card',
  fawry: 'Fawry',
  paymob: 'Paymob',
  wallet: 'Wallet',
}

/** How the client reads an attempt's result. */
export const attemptResultLabels: Record<AttemptResult, string> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  pending: 'Awaiting confirmation',
  not_completed: 'Not completed',
}

/** What each kind of order buys, as the list names it. */
export const orderKindLabels: Record<OrderKind, string> = {
  app_package: 'Messaging app',
  domain_registration: 'Domain registration',
  domain_renewal: 'Domain renewal',
  wallet_topup: 'Wallet top-up',
}

export const billingPaths = {
  page: '/billing',
  orders: '/api/payments/orders/',
  history: (id: number) => `/api/payments/orders/${id}/history/`,
  cancel: (id: number) => `/api/payments/orders/${id}/cancel/`,
} as const

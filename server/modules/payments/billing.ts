import { fromMinorUnits } from '@/contract/common'
import {
  billingMessages,
  type AttemptResult,
  type BillingRefund,
  type OrderHistory,
  type PaymentAttempt,
} from '@/contract/billing'
import { PAYABLE_ORDER_STATUSES } from '@/contract/payments'
import { receiptPdfPath } from '@/contract/receipts'
import type { Database } from '../../db/client'
import type { gatewayEvents } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { orderHistoryRows } from './billing-repository'
import { EXTRA_REFUND_REASON } from './extra-payments'
import * as repo from './repository'
import { cancelOwnOrder, orderView, type PaymentDeps } from './service'

/*
 * The client's billing history (issue 24): one of the caller's orders with what was tried to pay it, what
 * went back and its receipt; and cancelling an unpaid order. Another client's order is a 404.
 */

type EventRow = Pick<typeof gatewayEvents.$inferSelect, 'outcome' | 'result' | 'payload'>

/** What the gateway's own answers say about one attempt: its newest decisive outcome, or null. */
function answeredResult(events: EventRow[]): AttemptResult | null {
  let result: AttemptResult | null = null
  for (const event of events) {
    // A confirmed payment stays the answer: money was taken, whatever came after it (a refund is listed apart).
    if (event.outcome === 'paid' || event.outcome === 'refunded') return 'succeeded'
    if (event.outcome === 'failed') result = 'failed'
    if (event.outcome === 'cancelled') result = 'cancelled'
  }
  return result
}

/** An attempt nobody answered yet: the order's open checkout takes the order's state, an older one was replaced. */
function unansweredResult(order: repo.OrderRow, isCurrent: boolean): AttemptResult {
  if (!isCurrent) return 'not_completed'
  switch (order.status) {
    case 'paid':
    case 'refunded':
      return 'succeeded'
    case 'failed':
      return 'failed'
    case 'cancelled':
      return 'not_completed'
    case 'pending':
      return 'pending'
  }
}

function refView(payload: Record<string, unknown> | null): string | null {
  const ref = payload?.gatewayRef
  return typeof ref === 'string' ? ref : null
}

/** `GET /api/payments/orders/{id}/history/`: the order, its attempts (oldest first), refunds and receipt. */
export async function orderHistory(db: Database, userId: number, orderId: number): Promise<OrderHistory> {
  const order = await repo.findOwnOrder(db, userId, orderId)
  if (!order) throw notFound(billingMessages.notFound)
  const { attempts, events, walletPayments, refunds, extras, receipt } = await orderHistoryRows(db, order.id)
  const newestCheckout = attempts.at(-1)?.id
  const gatewayAttempts = attempts.map((attempt): PaymentAttempt & { at: number } => {
    const own = events.filter(
      (e) => e.gateway === attempt.gateway && refView(e.payload) === attempt.gatewayRef,
    )
    // A second payment for the order: the gateway took it (it is given back, listed under refunds).
    if (extras.some((x) => x.gateway === attempt.gateway && x.gatewayRef === attempt.gatewayRef)) {
      return {
        gateway: attempt.gateway,
        amount: fromMinorUnits(attempt.chargeAmountMinor),
        currency: attempt.chargeCurrency,
        result: 'succeeded',
        reference: attempt.gatewayRef,
        created_at: attempt.createdAt.toISOString(),
        at: attempt.createdAt.getTime(),
      }
    }
    // The order keeps only its newest checkout; a wallet payment after it leaves none open.
    const isCurrent = attempt.id === newestCheckout && order.gateway !== 'wallet'
    return {
      gateway: attempt.gateway,
      amount: fromMinorUnits(attempt.chargeAmountMinor),
      currency: attempt.chargeCurrency,
      result: answeredResult(own) ?? unansweredResult(order, isCurrent),
      reference: attempt.gatewayRef,
      created_at: attempt.createdAt.toISOString(),
      at: attempt.createdAt.getTime(),
    }
  })
  const fromWallet = walletPayments.map((entry): PaymentAttempt & { at: number } => ({
    gateway: 'wallet',
    amount: fromMinorUnits(-entry.amountMinor),
    currency: 'USD',
    result: 'succeeded',
    reference: null,
    created_at: entry.createdAt.toISOString(),
    at: entry.createdAt.getTime(),
  }))
  return {
    order: orderView(order),
    attempts: [...gatewayAttempts, ...fromWallet]
      .sort((a, b) => a.at - b.at)
      .map(({ at: _at, ...attempt }) => attempt),
    refunds: [
      ...refunds.map((refund): BillingRefund & { at: number } => ({
        status: refund.status,
        method: refund.method,
        amount: fromMinorUnits(refund.amountMinor),
        currency: 'USD',
        reason: refund.reason,
        created_at: refund.createdAt.toISOString(),
        completed_at: refund.completedAt?.toISOString() ?? null,
        at: refund.createdAt.getTime(),
      })),
      // Second payments given back automatically through their gateway, in the currency they were paid in.
      // One the gateway refused stays `pending` to the client: staff are alerted and finish it.
      ...extras.map((extra): BillingRefund & { at: number } => ({
        status: extra.status === 'refunded' ? 'succeeded' : 'pending',
        method: extra.gateway,
        amount: fromMinorUnits(extra.chargeAmountMinor),
        currency: extra.chargeCurrency,
        reason: EXTRA_REFUND_REASON,
        created_at: extra.createdAt.toISOString(),
        completed_at: extra.refundedAt?.toISOString() ?? null,
        at: extra.createdAt.getTime(),
      })),
    ]
      .sort((a, b) => a.at - b.at)
      .map(({ at: _at, ...refund }) => refund),
    receipt: receipt
      ? {
          number: receipt.number,
          issued_at: receipt.issuedAt.toISOString(),
          pdf_url: receiptPdfPath(order.id),
        }
      : null,
    payable: PAYABLE_ORDER_STATUSES.includes(order.status),
  }
}

/**
 * `POST /api/payments/orders/{id}/cancel/`: the client gives up an unpaid order of any kind. Under the
 * order's lock (a confirmation being applied now is seen: 409), and in the same transaction what the
 * order held is released by its module (a pending domain name, a pending app).
 */
export async function cancelOrder(deps: PaymentDeps, userId: number, orderId: number) {
  return deps.db.transaction(async (tx) => {
    const cancelled = await cancelOwnOrder(tx, userId, orderId, {
      notCancellable: billingMessages.notCancellable,
    })
    await deps.orderHooks.cancelled(tx, cancelled, { config: deps.config, log: deps.log })
    return orderView(cancelled)
  })
}

import { fromMinorUnits } from '@/contract/common'
import { RefundRefusedError } from '../../adapters/payments'
import { appendLedgerEntry } from '../wallet'
import {
  claimExtraPayment,
  mailTo,
  orderOfExtraPayment,
  settlePendingExtraPayment,
  stalePendingExtraPayments,
  updateExtraPayment,
} from './extra-payments-repository'
import * as repo from './repository'
import type { PaymentDeps } from './service'

/*
 * One order, one payment (issue 24): a successful payment that arrives for an order already paid (from
 * the wallet, or through another checkout) is recorded once as an extra payment (unique by its gateway
 * reference) and given back through its own gateway at once, never kept. The refund is a pair of
 * ledger entries (the money in, the same money back out: the balance does not move), an e-mail to the
 * client and an audit line. A gateway that cannot be asked now is asked again by the queue; one that
 * refuses leaves the row `failed` for staff, with an audit line saying why.
 */

export const EXTRA_REFUND_QUEUE = 'payments-refund-extra-payment'
/** Pending refunds older than this with no success are taken up again by the reconciliation run. */
const RETRY_AFTER_MS = 5 * 60_000
/** How long one refund attempt holds its row (far longer than a gateway call with its timeouts). */
const CLAIM_MS = 2 * 60_000
export const EXTRA_REFUND_REASON = 'Duplicate payment: the order was already paid.'

const gatewayNames = { stripe: 'card (Stripe)', paymob: 'Paymob', fawry: 'Fawry' } as const
const money = (minor: number, currency: string) =>
  currency === 'USD'
    ? `$${fromMinorUnits(minor).toFixed(2)}`
    : `${fromMinorUnits(minor).toFixed(2)} ${currency}`

/** Right after the commit that recorded it: refund now; if the gateway could not be asked, queue a retry. */
export async function queueExtraPaymentRefund(deps: PaymentDeps, id: number): Promise<void> {
  try {
    await refundExtraPayment(deps, id)
  } catch (error) {
    deps.log.error({ err: error, extraPaymentId: id }, 'refunding a duplicate payment failed; retrying')
    try {
      await deps.jobs.send(EXTRA_REFUND_QUEUE, { id }, { singletonKey: `extra-${id}`, startAfterSeconds: 30 })
    } catch (queueError) {
      deps.log.error(
        { err: queueError, extraPaymentId: id },
        'could not queue the retry; reconciliation will',
      )
    }
  }
}

/**
 * Gives one extra payment back through its gateway (keyed, so a retry is the same refund at Stripe) and
 * records it. Throws when the gateway could not be asked (the queue retries); a refusal is recorded.
 */
export async function refundExtraPayment(
  deps: PaymentDeps,
  id: number,
): Promise<'refunded' | 'refused' | 'nothing'> {
  const now = new Date()
  const extra = await claimExtraPayment(deps.db, id, now, new Date(now.getTime() + CLAIM_MS))
  if (!extra) return 'nothing'
  const gateway = deps.payments.gateway(extra.gateway)
  let refundRef: string
  try {
    ;({ refundRef } = await gateway.refund({
      order: { id: extra.orderId },
      gatewayRef: extra.gatewayRef,
      paymentRef: extra.paymentRef,
      amountMinor: extra.chargeAmountMinor,
      currency: extra.chargeCurrency,
      reason: EXTRA_REFUND_REASON,
      idempotencyKey: `refund-extra-payment-${extra.id}`,
    }))
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) {
      await updateExtraPayment(deps.db, extra.id, { claimedUntil: null, error: String(error).slice(0, 500) })
      throw error
    }
    await deps.db.transaction(async (tx) => {
      await settlePendingExtraPayment(tx, extra.id, { status: 'failed', error: error.message.slice(0, 500) })
      await repo.recordSystemAudit(tx, {
        action: 'payment.extra_refund_failed',
        entityType: 'order',
        entityId: extra.orderId,
        summary: `Could not refund a duplicate ${extra.gateway} payment (${extra.gatewayRef}) of order #${extra.orderId}: ${error.message}`,
        after: { gateway: extra.gateway, gateway_reference: extra.gatewayRef, error: error.message },
        source: `extra-payment:${extra.id}`,
      })
    })
    return 'refused'
  }
  const done = await deps.db.transaction(async (tx) => {
    const row = await settlePendingExtraPayment(tx, extra.id, {
      status: 'refunded',
      gatewayRefundRef: refundRef,
      refundedAt: new Date(),
      error: null,
    })
    if (!row) return null
    const order = await orderOfExtraPayment(tx, extra.orderId)
    if (!order) return null
    const charged = money(extra.chargeAmountMinor, extra.chargeCurrency)
    // The money came in and went straight back: two entries, so the ledger shows both and the balance is unchanged.
    await appendLedgerEntry(tx, {
      userId: order.userId,
      transactionType: 'deposit',
      source: 'order',
      amountMinor: order.amountMinor,
      description: `Duplicate payment for order #${order.id} through ${gatewayNames[extra.gateway]} (${charged})`,
      orderId: order.id,
      uniqueKey: `extra-payment:${extra.id}:received`,
    })
    await appendLedgerEntry(tx, {
      userId: order.userId,
      transactionType: 'withdrawal',
      source: 'refund',
      amountMinor: -order.amountMinor,
      description: `Duplicate payment for order #${order.id} refunded to ${gatewayNames[extra.gateway]} (${charged})`,
      orderId: order.id,
      uniqueKey: `extra-payment:${extra.id}:refunded`,
    })
    await repo.recordSystemAudit(tx, {
      action: 'payment.extra_refund',
      entityType: 'order',
      entityId: order.id,
      summary: `Refunded a duplicate ${extra.gateway} payment of order #${order.id} (${charged}, ${extra.gatewayRef}): the order was already paid${order.gateway === 'wallet' ? ' from the wallet' : ` through ${order.gateway}`}.`,
      after: {
        gateway: extra.gateway,
        gateway_reference: extra.gatewayRef,
        gateway_refund_reference: refundRef,
        amount: fromMinorUnits(extra.chargeAmountMinor),
        currency: extra.chargeCurrency,
      },
      source: `extra-payment:${extra.id}`,
    })
    const client = await mailTo(tx, order.userId)
    return { order, client, charged }
  })
  if (done?.client) {
    await deps.mailer.send({
      to: done.client.email,
      template: 'payment-duplicate-refunded',
      subject: `We refunded a second payment for order #${done.order.id}`,
      text: [
        `Hello ${done.client.firstName},`,
        '',
        `Order #${done.order.id} (${done.order.description}) was already paid, and a second payment of ${done.charged} through ${gatewayNames[extra.gateway]} reached us afterwards.`,
        '',
        `We have refunded that second payment in full through ${gatewayNames[extra.gateway]} (refund reference ${refundRef}). Depending on your bank it can take a few days to show.`,
        '',
        `Nothing else changes: order #${done.order.id} stays paid once.`,
      ].join('\n'),
    })
  }
  return 'refunded'
}

/** Pending refunds left behind (a crash, a queue that was down): asked again. */
export async function retryStaleExtraRefunds(deps: PaymentDeps, now = new Date()): Promise<number> {
  const rows = await stalePendingExtraPayments(deps.db, new Date(now.getTime() - RETRY_AFTER_MS), 20)
  for (const row of rows) {
    try {
      await refundExtraPayment(deps, row.id)
    } catch (error) {
      deps.log.error({ err: error, extraPaymentId: row.id }, 'refunding a duplicate payment failed again')
    }
  }
  return rows.length
}

import { fromMinorUnits } from '@/contract/common'
import { staffOrderMessages } from '@/contract/payments-staff'
import { RefundRefusedError } from '../../adapters/payments'
import type { Executor } from '../../db/client'
import { recordAudit, type AuditContext } from '../../lib/audit'
import { ApiError, conflict, notFound } from '../../lib/errors'
import { appendLedgerEntry, walletBalanceMinor } from '../wallet'
import {
  deleteRefund,
  findRefund,
  insertRefund,
  takeOverRefundClaim,
  updateRefund,
  type RefundRow,
} from './refunds-repository'
import * as repo from './repository'
import type { PaymentDeps } from './service'

/*
 * The refund rule (issue 15, issue 11): a paid order is refunded whole, once.
 *
 * - The money goes back the way it came: through the order's gateway (`PaymentGateway.refund`: Stripe
 *   Refunds API, Paymob refund, Fawry refund; the sandbox refunds itself), or to the wallet as a `refund`
 *   ledger entry when the order was paid from the wallet.
 * - The order becomes `refunded`, and what it gave is taken back by the order hooks' refund listeners in
 *   the same transaction: a top-up's credit (wallet), an app's activation (apps), the referral rewards
 *   when it was the referral's qualifying order (referrals).
 * - Exactly once under concurrent requests: a refund is claimed first (one `order_refunds` row per order,
 *   written under the order's lock), the gateway is asked outside any transaction with a key that makes a
 *   retry the same refund, and the order is marked in a second transaction with the audit entry.
 */

/** A claim older than this (a server stopped while the gateway was asked) may be taken over by a retry. */
export const STALE_REFUND_CLAIM_MS = 5 * 60_000

const money = (minor: number) => `$${fromMinorUnits(minor).toFixed(2)}`

/**
 * Marks a paid order refunded inside `tx` and takes back what it gave: the wallet payment goes back to
 * the wallet, then every refund listener runs (top-up credit, app, referral rewards). Used by staff
 * refunds and by a refund the gateway notifies (one made in its dashboard).
 */
export async function markRefunded(
  deps: Pick<PaymentDeps, 'orderHooks' | 'config' | 'log'>,
  tx: Executor,
  order: repo.OrderRow,
  values: { lastEventAt?: Date } = {},
): Promise<repo.OrderRow> {
  const refunded = await repo.updateOrder(tx, order.id, { status: 'refunded', ...values })
  if (order.gateway === 'wallet') {
    await appendLedgerEntry(tx, {
      userId: order.userId,
      transactionType: 'refund',
      source: 'refund',
      amountMinor: order.amountMinor,
      description: `Refund of order #${order.id}: ${order.description}`,
      orderId: order.id,
      uniqueKey: `refund:${order.id}`,
    })
  }
  await deps.orderHooks.refunded(tx, refunded, { config: deps.config, log: deps.log })
  return refunded
}

/** Step 1: under the order's lock, check it can be refunded and claim the refund. */
async function claimRefund(
  deps: PaymentDeps,
  orderId: number,
  reason: string,
  actorId: number,
): Promise<{ order: repo.OrderRow; claim: RefundRow }> {
  return deps.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId)
    if (!order) throw notFound(staffOrderMessages.notFound)
    if (order.status === 'refunded') throw conflict(staffOrderMessages.alreadyRefunded)
    if (order.status !== 'paid' || !order.gateway) throw conflict(staffOrderMessages.notPaid(order.status))
    const existing = await findRefund(tx, order.id)
    if (existing?.status === 'succeeded') throw conflict(staffOrderMessages.alreadyRefunded)
    const now = new Date()
    if (existing && existing.claimedAt.getTime() > now.getTime() - STALE_REFUND_CLAIM_MS)
      throw conflict(staffOrderMessages.inProgress)
    if (order.kind === 'wallet_topup' && order.fulfilmentStatus === 'done') {
      // Card money cannot go back for credit the client has already spent.
      const held = await walletBalanceMinor(tx, order.userId)
      if (held < order.amountMinor)
        throw conflict(staffOrderMessages.topupSpent(money(held), money(order.amountMinor)))
    }
    if (existing) {
      // A stale claim: this request takes it over (the gateway's idempotency key stays the same).
      const claim = await takeOverRefundClaim(tx, existing.id, now, { reason, actorId })
      if (!claim) throw conflict(staffOrderMessages.inProgress)
      return { order, claim }
    }
    const claim = await insertRefund(tx, {
      orderId: order.id,
      status: 'pending',
      method: order.gateway,
      amountMinor: order.amountMinor,
      reason,
      actorId,
    })
    if (!claim) throw new Error('the refund claim was not written')
    return { order, claim }
  })
}

/** Step 2: the gateway gives the charge back; the refund's id is kept so a retry never asks again. */
async function refundAtGateway(deps: PaymentDeps, order: repo.OrderRow, claim: RefundRow): Promise<void> {
  if (order.gateway === 'wallet' || claim.gatewayRefundRef) return
  const gatewayName = order.gateway
  const gatewayRef = order.gatewayRef
  let refundRef: string
  try {
    if (!gatewayName || !gatewayRef) throw new RefundRefusedError('the order has no gateway payment.')
    const gateway = deps.payments.gateway(gatewayName)
    ;({ refundRef } = await gateway.refund({
      order: { id: order.id },
      gatewayRef,
      paymentRef: order.gatewayPaymentRef,
      amountMinor: order.chargeAmountMinor ?? order.amountMinor,
      currency: order.chargeCurrency ?? gateway.currency,
      reason: claim.reason,
      idempotencyKey: `refund-order-${order.id}`,
    }))
  } catch (error) {
    // Nothing was refunded: the claim goes, so staff can try again at once.
    await deleteRefund(deps.db, claim.id)
    if (error instanceof RefundRefusedError) throw conflict(staffOrderMessages.gatewayRefused(error.message))
    deps.log.error({ err: error, orderId: order.id, gateway: gatewayName }, 'gateway refund failed')
    throw new ApiError(502, staffOrderMessages.gatewayFailed)
  }
  await updateRefund(deps.db, claim.id, { gatewayRefundRef: refundRef })
  claim.gatewayRefundRef = refundRef
}

/**
 * Refunds one paid order whole, on a staff member's request: through its gateway (or to the wallet),
 * reversing what the order gave, audited in the transaction that marks it refunded. A second request,
 * concurrent or later, is a 409; an unpaid order is a 409 naming its status.
 */
export async function refundOrder(
  deps: PaymentDeps,
  orderId: number,
  reason: string,
  audit: AuditContext,
): Promise<repo.OrderRow> {
  const { order, claim } = await claimRefund(deps, orderId, reason, audit.actorId)
  await refundAtGateway(deps, order, claim)
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, orderId)
    if (!locked) throw notFound(staffOrderMessages.notFound)
    // The gateway's own refund notification may have marked it refunded in the meantime.
    const refunded = locked.status === 'paid' ? await markRefunded(deps, tx, locked) : locked
    const done = await updateRefund(tx, claim.id, { status: 'succeeded', completedAt: new Date() })
    await recordAudit(tx, audit, {
      action: 'order.refund',
      entityType: 'order',
      entityId: order.id,
      summary: `Refunded order #${order.id} (${order.description}), ${money(order.amountMinor)} ${
        order.gateway === 'wallet' ? 'to the wallet' : `through ${order.gateway}`
      }: ${reason}`,
      before: { status: locked.status },
      after: {
        status: refunded.status,
        refund: {
          method: done?.method ?? order.gateway,
          amount: fromMinorUnits(order.amountMinor),
          gateway_refund_reference: done?.gatewayRefundRef ?? null,
          reason,
        },
      },
    })
    return refunded
  })
}

import type { FastifyBaseLogger } from 'fastify'
import type { OrderKind } from '@/contract/payments'
import type { Config } from '../../config'
import type { Executor } from '../../db/client'
import type { OrderRow } from '../../db/schema'

export type { OrderRow }

/** What fulfilment code gets: the paid order (amounts in USD cents) and the server's context. */
export interface FulfilmentContext {
  config: Config
  log: FastifyBaseLogger
}

/**
 * Delivers what one kind of order bought (funds added, app activated, domain registered). Runs inside
 * the transaction that marks the fulfilment done: write only through `tx`. Throwing rolls its work back;
 * the order stays paid, the failure is recorded and the job queue retries it with backoff.
 * It must be safe to run again after a failure (it never runs again after success).
 */
export type Fulfiller = (tx: Executor, order: OrderRow, context: FulfilmentContext) => Promise<void>

/** Runs for every order of any kind in the same transaction (referrals: a first paid order completes a referral). */
export type OrderListener = (tx: Executor, order: OrderRow, context: FulfilmentContext) => Promise<void>

/**
 * Runs under the order's lock before a checkout or a wallet payment starts: throws (an ApiError) when
 * the order must not be paid now (a domain name held by another client's order).
 */
export type PayableCheck = (tx: Executor, order: OrderRow) => Promise<void>

/** Runs once the fulfilment transaction has committed (receipt e-mails): outside any transaction. */
export type FulfilledListener = (order: OrderRow, context: FulfilmentContext) => Promise<void>

/**
 * Who fulfils which kind of order, and who hears about paid and refunded orders. app.ts builds one,
 * registers each module's fulfiller (`wallet_topup` by the wallet, later apps and domains), and
 * decorates the app with it as `app.orderHooks`.
 */
export class OrderHooks {
  private readonly fulfillers = new Map<OrderKind, Fulfiller>()
  private readonly paidListeners: OrderListener[] = []
  private readonly refundListeners: OrderListener[] = []
  private readonly fulfilledListeners: FulfilledListener[] = []
  private readonly cancelListeners: OrderListener[] = []
  private readonly payableChecks = new Map<OrderKind, PayableCheck>()

  /** Registers (or replaces) the fulfiller of one order kind. */
  registerFulfiller(kind: OrderKind, fulfiller: Fulfiller): void {
    this.fulfillers.set(kind, fulfiller)
  }

  /** Runs after the kind's fulfiller, in its transaction, for every fulfilled order. */
  onPaid(listener: OrderListener): void {
    this.paidListeners.push(listener)
  }

  /** Runs in the transaction that marks an order refunded (referrals reverse their rewards). */
  onRefunded(listener: OrderListener): void {
    this.refundListeners.push(listener)
  }

  /**
   * Runs after the fulfilment transaction committed, for work that must not happen for a payment that
   * rolls back (e-mailing the receipt). The payments module calls `afterFulfilment` after each commit.
   */
  onFulfilled(listener: FulfilledListener): void {
    this.fulfilledListeners.push(listener)
  }

  /** Runs in the transaction that cancels an unpaid order: what it held is released (a pending domain, app). */
  onCancelled(listener: OrderListener): void {
    this.cancelListeners.push(listener)
  }

  /** Registers what must hold before an order of this kind is paid (domains: the name's hold). */
  registerPayableCheck(kind: OrderKind, check: PayableCheck): void {
    this.payableChecks.set(kind, check)
  }

  async checkPayable(tx: Executor, order: OrderRow): Promise<void> {
    await this.payableChecks.get(order.kind)?.(tx, order)
  }

  hasFulfiller(kind: OrderKind): boolean {
    return this.fulfillers.has(kind)
  }

  async fulfil(tx: Executor, order: OrderRow, context: FulfilmentContext): Promise<void> {
    const fulfiller = this.fulfillers.get(order.kind)
    if (!fulfiller) throw new Error(`No fulfiller is registered for ${order.kind} orders.`)
    await fulfiller(tx, order, context)
    for (const listener of this.paidListeners) await listener(tx, order, context)
  }

  /** After the fulfilment committed: each listener runs; a failure is logged and changes nothing. */
  async afterFulfilment(order: OrderRow, context: FulfilmentContext): Promise<void> {
    for (const listener of this.fulfilledListeners) {
      try {
        await listener(order, context)
      } catch (error) {
        context.log.error({ err: error, orderId: order.id }, 'after-fulfilment work failed')
      }
    }
  }

  async refunded(tx: Executor, order: OrderRow, context: FulfilmentContext): Promise<void> {
    for (const listener of this.refundListeners) await listener(tx, order, context)
  }

  async cancelled(tx: Executor, order: OrderRow, context: FulfilmentContext): Promise<void> {
    for (const listener of this.cancelListeners) await listener(tx, order, context)
  }
}

import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CheckoutMethod } from '@/contract/payments'
import { orders } from '../../../server/db/schema'
import { fulfilWalletTopup } from '../../../server/modules/wallet'

type OrderRow = typeof orders.$inferSelect

/**
 * Pays an order the way the payments module does once a gateway confirmed it: the order is marked
 * paid, fulfilled through `app.orderHooks` in one transaction, then the after-commit work runs.
 */
export async function payOrder(
  app: FastifyInstance,
  input: {
    userId: number
    amountMinor: number
    gateway?: CheckoutMethod
    gatewayRef?: string
    description?: string
    chargeAmountMinor?: number
    /** A top-up unless said (other kinds need their fulfiller, or a stand-in, registered). */
    kind?: OrderRow['kind']
  },
): Promise<OrderRow> {
  if (!app.orderHooks.hasFulfiller('wallet_topup'))
    app.orderHooks.registerFulfiller('wallet_topup', (tx, order) => fulfilWalletTopup(tx, order))
  const gateway = input.gateway ?? 'stripe'
  const context = { config: app.config, log: app.log }
  const order = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        userId: input.userId,
        kind: input.kind ?? 'wallet_topup',
        status: 'paid',
        description: input.description ?? `Wallet top-up of $${(input.amountMinor / 100).toFixed(2)}`,
        amountMinor: input.amountMinor,
        idempotencyKey: randomUUID(),
        gateway,
        gatewayRef: input.gatewayRef ?? `pi_test_${randomUUID().slice(0, 8)}`,
        chargeAmountMinor: input.chargeAmountMinor ?? input.amountMinor,
        chargeCurrency: input.chargeAmountMinor ? 'EGP' : 'USD',
        paidAt: new Date(),
      })
      .returning()
    if (!row) throw new Error('order not inserted')
    await app.orderHooks.fulfil(tx, row, context)
    return row
  })
  await app.orderHooks.afterFulfilment(order, context)
  return order
}

/** Refunds a paid order the way the payments module does on the gateway's refund notification. */
export async function refundOrder(app: FastifyInstance, order: OrderRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'refunded' })
      .where(eq(orders.id, order.id))
      .returning()
    if (!row) throw new Error('order not found')
    await app.orderHooks.refunded(tx, row, { config: app.config, log: app.log })
  })
}

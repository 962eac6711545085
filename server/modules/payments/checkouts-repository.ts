import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { PaymentGatewayName } from '@/contract/payments'
import type { Executor } from '../../db/client'
import { firstRow } from '../../db/rows'
import { checkoutAttempts, extraPayments, orders } from '../../db/schema'

/* The checkouts' queries: every attempt at a gateway, its reconciliation checks, and payments beyond the first. */

export type CheckoutAttemptRow = typeof checkoutAttempts.$inferSelect
export type ExtraPaymentRow = typeof extraPayments.$inferSelect

/**
 * Records the checkout attempt: kept in the attempts' history, and made the order's current checkout
 * unless the order was paid (or closed) meanwhile.
 */
export async function recordCheckout(
  db: Executor,
  orderId: number,
  values: {
    gateway: PaymentGatewayName
    gatewayRef: string
    chargeAmountMinor: number
    chargeCurrency: 'USD' | 'EGP'
    chargeRate: number
  },
  /** When reconciliation first asks the gateway about it, if no notification settled it by then. */
  firstCheckAt: Date,
  /** A hosted page's own id at the gateway (a Stripe Checkout Session), for reconciliation. */
  sessionRef: string | null = null,
) {
  await db
    .insert(checkoutAttempts)
    .values({
      orderId,
      gateway: values.gateway,
      gatewayRef: values.gatewayRef,
      sessionRef,
      chargeAmountMinor: values.chargeAmountMinor,
      chargeCurrency: values.chargeCurrency,
      nextCheckAt: firstCheckAt,
    })
    // Stripe answers a retried create (same idempotency key) with the same intent.
    .onConflictDoNothing()
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['pending', 'failed'])))
}

/** The checkout a gateway's own reference names (the binding of every notification). */
export async function findCheckoutAttempt(
  db: Executor,
  gateway: PaymentGatewayName,
  gatewayRef: string,
): Promise<CheckoutAttemptRow | undefined> {
  const where = and(eq(checkoutAttempts.gateway, gateway), eq(checkoutAttempts.gatewayRef, gatewayRef))
  return firstRow(db, checkoutAttempts, where)
}

/** The checkout has its final answer: reconciliation stops asking about it. */
export async function settleCheckout(tx: Executor, id: number) {
  await tx
    .update(checkoutAttempts)
    .set({ settledAt: new Date() })
    .where(and(eq(checkoutAttempts.id, id), isNull(checkoutAttempts.settledAt)))
}

/** Open checkouts due for a question to their gateway, created between the two dates. */
export async function dueCheckouts(
  db: Executor,
  now: Date,
  createdAfter: Date,
  limit: number,
): Promise<CheckoutAttemptRow[]> {
  return db
    .select()
    .from(checkoutAttempts)
    .where(
      and(
        isNull(checkoutAttempts.settledAt),
        gte(checkoutAttempts.createdAt, createdAfter),
        lte(checkoutAttempts.nextCheckAt, now),
      ),
    )
    .orderBy(asc(checkoutAttempts.nextCheckAt))
    .limit(limit)
}

/**
 * Claims one due check (so two instances never ask twice at once) and sets the next one; null when
 * another instance took it first.
 */
export async function claimCheck(db: Executor, id: number, now: Date, next: Date) {
  const [row] = await db
    .update(checkoutAttempts)
    .set({ nextCheckAt: next, lastCheckedAt: now, checks: sql`${checkoutAttempts.checks} + 1` })
    .where(
      and(
        eq(checkoutAttempts.id, id),
        isNull(checkoutAttempts.settledAt),
        lte(checkoutAttempts.nextCheckAt, now),
      ),
    )
    .returning()
  return row ?? null
}

/** When the next open checkout is due (reconciliation schedules its next run by it). */
export async function nextDueCheck(db: Executor, createdAfter: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${checkoutAttempts.nextCheckAt})` })
    .from(checkoutAttempts)
    .where(and(isNull(checkoutAttempts.settledAt), gte(checkoutAttempts.createdAt, createdAfter)))
  return row?.at ? new Date(row.at) : null
}

/** Records a second payment for an order once (by the gateway's reference); null when already known. */
export async function insertExtraPayment(
  tx: Executor,
  values: typeof extraPayments.$inferInsert,
): Promise<ExtraPaymentRow | null> {
  const [row] = await tx.insert(extraPayments).values(values).onConflictDoNothing().returning()
  return row ?? null
}

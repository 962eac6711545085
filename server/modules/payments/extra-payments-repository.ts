import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { extraPayments, orders, users } from '../../db/schema'
import { updateRows } from '../../db/rows'

/* The extra payments' queries (issue 24); what happens to one is decided in extra-payments.ts. */

type ExtraPaymentValues = Partial<typeof extraPayments.$inferInsert>

/**
 * Claims a pending extra payment nobody holds (or whose hold ended before `now`) until `until`, counting
 * the attempt; undefined when it is not pending or held.
 */
export async function claimExtraPayment(db: Executor, id: number, now: Date, until: Date) {
  return updateRows(
    db,
    extraPayments,
    and(
      eq(extraPayments.id, id),
      eq(extraPayments.status, 'pending'),
      or(isNull(extraPayments.claimedUntil), lt(extraPayments.claimedUntil, now)),
    ),
    { attempts: sql`${extraPayments.attempts} + 1`, claimedUntil: until },
  )
}

export async function updateExtraPayment(db: Executor, id: number, values: ExtraPaymentValues) {
  await db.update(extraPayments).set(values).where(eq(extraPayments.id, id))
}

/** Writes `values` to the extra payment while it is still pending; undefined when it no longer is. */
export async function settlePendingExtraPayment(db: Executor, id: number, values: ExtraPaymentValues) {
  return updateRows(
    db,
    extraPayments,
    and(eq(extraPayments.id, id), eq(extraPayments.status, 'pending')),
    values,
  )
}

export async function orderOfExtraPayment(db: Executor, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  return order
}

/** Where the client's e-mail goes and how it greets them. */
export async function mailTo(db: Executor, userId: number) {
  const [client] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
  return client
}

/** Up to `limit` extra payments still pending that were recorded before `before`. */
export async function stalePendingExtraPayments(db: Executor, before: Date, limit: number) {
  return db
    .select({ id: extraPayments.id })
    .from(extraPayments)
    .where(and(eq(extraPayments.status, 'pending'), lt(extraPayments.createdAt, before)))
    .limit(limit)
}

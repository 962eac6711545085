import { and, eq, lt } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { orderRefunds } from '../../db/schema'
import { firstRow, updateRows } from '../../db/rows'

/* The refund claims' queries (issue 15); the refund rule is in refunds.ts. */

export type RefundRow = typeof orderRefunds.$inferSelect

export async function findRefund(db: Executor, orderId: number): Promise<RefundRow | undefined> {
  return firstRow(db, orderRefunds, eq(orderRefunds.orderId, orderId))
}

export async function insertRefund(db: Executor, values: typeof orderRefunds.$inferInsert) {
  const [row] = await db.insert(orderRefunds).values(values).returning()
  return row
}

/** Takes over a claim made before `now` (a stale one); undefined when another request took it first. */
export async function takeOverRefundClaim(
  db: Executor,
  id: number,
  now: Date,
  values: { reason: string; actorId: number },
) {
  return updateRows(db, orderRefunds, and(eq(orderRefunds.id, id), lt(orderRefunds.claimedAt, now)), {
    claimedAt: now,
    ...values,
  })
}

export async function updateRefund(
  db: Executor,
  id: number,
  values: Partial<typeof orderRefunds.$inferInsert>,
) {
  return updateRows(db, orderRefunds, eq(orderRefunds.id, id), values)
}

export async function deleteRefund(db: Executor, id: number) {
  await db.delete(orderRefunds).where(eq(orderRefunds.id, id))
}

import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { clients, orders, receiptCounters, receipts, users } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'

export type ReceiptRow = typeof receipts.$inferSelect

/**
 * The next receipt number of a year. The upsert takes the counter row's lock until the caller's
 * transaction ends, so concurrent payments queue here and a rolled-back one returns its number.
 */
export async function nextSequence(tx: Executor, year: number): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptCounters.lastNumber })
  if (!row) throw new Error('receipt counter not updated')
  return row.lastNumber
}

export async function findByOrder(db: Executor, orderId: number): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.orderId, orderId)).limit(1)
  return row
}

/** A client's receipt with its order's current status (null when it is not theirs). */
export async function findOwnByOrder(db: Executor, userId: number, orderId: number) {
  const [row] = await db
    .select({ receipt: receipts, orderStatus: orders.status })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .where(and(eq(receipts.orderId, orderId), eq(receipts.userId, userId)))
    .limit(1)
  return row ?? null
}

export async function findOwn(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({ receipt: receipts, orderStatus: orders.status })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .where(and(eq(receipts.id, id), eq(receipts.userId, userId)))
    .limit(1)
  return row ?? null
}

export async function listOwn(db: Executor, userId: number, window: PageWindow) {
  const where = eq(receipts.userId, userId)
  const [rows, [total]] = await Promise.all([
    db
      .select({ receipt: receipts, orderStatus: orders.status })
      .from(receipts)
      .innerJoin(orders, eq(orders.id, receipts.orderId))
      .where(where)
      .orderBy(desc(receipts.issuedAt), desc(receipts.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(receipts).where(where),
  ])
  return { count: total?.n ?? 0, rows }
}

export async function insertReceipt(tx: Executor, values: typeof receipts.$inferInsert): Promise<ReceiptRow> {
  const [row] = await tx.insert(receipts).values(values).returning()
  if (!row) throw new Error('receipt not inserted')
  return row
}

/** Records that a receipt's e-mail went out. */
export async function markEmailed(db: Executor, id: number): Promise<void> {
  await db
    .update(receipts)
    .set({ emailedAt: new Date() })
    .where(and(eq(receipts.id, id), isNull(receipts.emailedAt)))
}

/** Orders whose receipt, issued between `from` and `to`, has not been e-mailed yet (oldest first). */
export async function unemailedReceiptOrderIds(db: Executor, from: Date, to: Date, limit: number) {
  const rows = await db
    .select({ orderId: receipts.orderId })
    .from(receipts)
    .where(and(isNull(receipts.emailedAt), gte(receipts.issuedAt, from), lt(receipts.issuedAt, to)))
    .orderBy(receipts.issuedAt)
    .limit(limit)
  return rows.map((row) => row.orderId)
}

/** The client as the receipt names them: account and company profile. */
export async function findCustomer(db: Executor, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: clients.companyName,
      phone: clients.phone,
      address: clients.address,
    })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
  return row
}

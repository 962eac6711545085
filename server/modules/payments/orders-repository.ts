import { and, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm'
import type { OrderKind, OrderStatus, PaymentGatewayName } from '@/contract/payments'
import type { Executor } from '../../db/client'
import { firstRow, listPage } from '../../db/rows'
import { orders, type OrderRow } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'
import { firstValue } from './first-value'

/* The orders table's queries. */

export type { OrderRow }
export type NewOrder = typeof orders.$inferInsert

/** Inserts the order unless the client already used the key; answers the stored order and whether it is new. */
export async function insertOrderOnce(
  db: Executor,
  order: NewOrder,
): Promise<{ row: OrderRow; created: boolean }> {
  const [created] = await db.insert(orders).values(order).onConflictDoNothing().returning()
  if (created) return { row: created, created: true }
  const [existing] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, order.userId), eq(orders.idempotencyKey, order.idempotencyKey)))
  if (!existing) throw new Error('an order conflicted on its idempotency key but cannot be read')
  return { row: existing, created: false }
}

export async function findOwnOrder(
  db: Executor,
  userId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  return firstRow(db, orders, and(eq(orders.id, orderId), eq(orders.userId, userId)))
}

/** The order, locked until the transaction ends (every status change goes through this). */
export async function lockOrder(tx: Executor, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update')
  return row
}

export async function findOrderIdByGatewayRef(db: Executor, gateway: PaymentGatewayName, ref: string) {
  return firstValue(db, orders, orders.id, and(eq(orders.gateway, gateway), eq(orders.gatewayRef, ref)))
}

export async function updateOrder(
  tx: Executor,
  orderId: number,
  values: Partial<NewOrder>,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning()
  if (!row) throw new Error(`order ${orderId} vanished`)
  return row
}

export async function listOrders(
  db: Executor,
  userId: number,
  window: PageWindow,
  filter: { status?: OrderStatus | undefined; kind?: OrderKind | undefined },
) {
  const where = and(
    eq(orders.userId, userId),
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.kind ? eq(orders.kind, filter.kind) : undefined,
  )
  return listPage(db, db.select().from(orders).$dynamic(), { where, orderBy: [desc(orders.id)], window })
}

/** Paid orders whose fulfilment is not done and was last touched before `before`. */
export async function unfulfilledOrderIds(db: Executor, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), ne(orders.fulfilmentStatus, 'done'), lt(orders.updatedAt, before)))
    .orderBy(orders.id)
    .limit(limit)
  return rows.map((r) => r.id)
}

/** Orders paid since `since` that are still paid (a refund takes one out), with their total. */
export async function paidOrdersSince(db: Executor, since: Date) {
  const [row] = await db
    .select({ count: count(), total: sql<string>`coalesce(sum(${orders.amountMinor}), 0)` })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, since)))
  return { count: row?.count ?? 0, totalMinor: Number(row?.total ?? 0) }
}

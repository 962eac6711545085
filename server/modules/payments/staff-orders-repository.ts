import { and, asc, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { StaffOrderQuery } from '@/contract/payments-staff'
import type { Executor } from '../../db/client'
import {
  checkoutAttempts,
  clients,
  extraPayments,
  gatewayEvents,
  orderRefunds,
  orders,
  receipts,
  users,
  walletEntries,
} from '../../db/schema'
import { listPage } from '../../db/rows'
import type { PageWindow } from '../../lib/pagination'
import { likePattern } from '../../lib/search'

/* The staff console's order queries (staff-orders.ts holds the answers they make). */

const actors = alias(users, 'refund_actor')

const columns = {
  order: orders,
  clientId: clients.id,
  companyName: clients.companyName,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  refund: orderRefunds,
  refundBy: actors.email,
}

/** Orders with their client (company and user) and their refund with who made it. */
function baseQuery(db: Executor) {
  return db
    .select(columns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(clients, eq(clients.userId, orders.userId))
    .leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
    .leftJoin(actors, eq(actors.id, orderRefunds.actorId))
}

export interface Row {
  order: typeof orders.$inferSelect
  clientId: number | null
  companyName: string | null
  email: string
  firstName: string
  lastName: string
  refund: typeof orderRefunds.$inferSelect | null
  refundBy: string | null
}

const DAY_MS = 24 * 60 * 60 * 1000

function whereOf(query: StaffOrderQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    query.status ? eq(orders.status, query.status) : undefined,
    query.kind ? eq(orders.kind, query.kind) : undefined,
    query.gateway ? eq(orders.gateway, query.gateway) : undefined,
    query.client !== undefined ? eq(clients.id, query.client) : undefined,
    query.from ? gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to
      ? lt(orders.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS))
      : undefined,
  ]
  if (query.search) {
    const pattern = likePattern(query.search)
    const number = /^#?\d{1,9}$/.test(query.search) ? Number(query.search.replace('#', '')) : null
    parts.push(
      or(
        number !== null ? eq(orders.id, number) : undefined,
        ilike(orders.description, pattern),
        ilike(orders.gatewayRef, pattern),
        ilike(clients.companyName, pattern),
        ilike(users.email, pattern),
      ),
    )
  }
  return and(...parts)
}

const ORDER_BY: Record<StaffOrderQuery['sort'], SQL[]> = {
  newest: [desc(orders.createdAt), desc(orders.id)],
  oldest: [asc(orders.createdAt), asc(orders.id)],
  amount: [desc(orders.amountMinor), desc(orders.id)],
  amount_asc: [asc(orders.amountMinor), asc(orders.id)],
  paid: [sql`${orders.paidAt} desc nulls last`, desc(orders.id)],
}

/** A page of every client's orders under the console's filters, in its order. */
export async function listOrders(db: Executor, query: StaffOrderQuery, window: PageWindow) {
  return listPage(db, baseQuery(db).$dynamic(), {
    where: whereOf(query),
    orderBy: ORDER_BY[query.sort],
    window,
  })
}

export async function findOrder(db: Executor, orderId: number): Promise<Row | undefined> {
  const [row] = await baseQuery(db).where(eq(orders.id, orderId)).limit(1)
  return row
}

/** What happened to an order: checkout attempts, gateway events, ledger entries, receipt, extra payments. */
export async function orderRecords(db: Executor, orderId: number) {
  const [attempts, events, ledger, [receipt], extras] = await Promise.all([
    db
      .select()
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.orderId, orderId))
      .orderBy(asc(checkoutAttempts.id)),
    db
      .select()
      .from(gatewayEvents)
      // An event names its order once a pass applied it; a pending one has no order yet.
      .where(and(eq(gatewayEvents.orderId, orderId), ne(gatewayEvents.result, 'pending')))
      .orderBy(asc(gatewayEvents.receivedAt), asc(gatewayEvents.id)),
    db.select().from(walletEntries).where(eq(walletEntries.orderId, orderId)).orderBy(asc(walletEntries.id)),
    db
      .select({ number: receipts.number, issuedAt: receipts.issuedAt })
      .from(receipts)
      .where(eq(receipts.orderId, orderId))
      .limit(1),
    db.select().from(extraPayments).where(eq(extraPayments.orderId, orderId)).orderBy(asc(extraPayments.id)),
  ])
  return { attempts, events, ledger, receipt, extras }
}

/** Whose order it is. */
export async function orderUserId(db: Executor, orderId: number): Promise<number | undefined> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId))
  return row?.userId
}

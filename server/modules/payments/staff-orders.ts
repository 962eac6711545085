import { and, asc, count, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { fromMinorUnits } from '@/contract/common'
import {
  staffOrderMessages,
  staffOrderPaths,
  type StaffOrderDetail,
  type StaffOrderQuery,
  type StaffOrderRow,
} from '@/contract/payments-staff'
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
import { notFound } from '../../lib/errors'
import { pageWindow, type ListPage } from '../../lib/pagination'
import { likePattern } from '../../lib/search'
import { orderView } from './service'

/*
 * The staff console's orders (issue 15): every client's orders with search, filters and sorting, and one
 * order with its gateway events, ledger entries, receipt and refund. Refunds themselves are in refunds.ts.
 */

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

interface Row {
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

function rowView(row: Row): StaffOrderRow {
  return {
    ...orderView(row.order),
    client: {
      client_id: row.clientId,
      company_name: row.companyName ?? '',
      user_id: row.order.userId,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
    },
    refund: row.refund
      ? {
          status: row.refund.status,
          method: row.refund.method,
          amount: fromMinorUnits(row.refund.amountMinor),
          gateway_refund_reference: row.refund.gatewayRefundRef,
          reason: row.refund.reason,
          by: row.refundBy,
          created_at: row.refund.createdAt.toISOString(),
          completed_at: row.refund.completedAt?.toISOString() ?? null,
        }
      : null,
  }
}

export async function listStaffOrders(
  db: Executor,
  query: StaffOrderQuery,
  pageSize: number,
): Promise<ListPage<StaffOrderRow>> {
  const where = whereOf(query)
  const window = pageWindow(query.page, pageSize)
  const [[total], rows] = await Promise.all([
    db
      .select({ value: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(clients, eq(clients.userId, orders.userId))
      .where(where),
    baseQuery(db)
      .where(where)
      .orderBy(...ORDER_BY[query.sort])
      .limit(window.limit)
      .offset(window.offset),
  ])
  return { page: query.page, pageSize, count: total?.value ?? 0, results: rows.map(rowView) }
}

export async function staffOrderDetail(db: Executor, orderId: number): Promise<StaffOrderDetail> {
  const [row] = await baseQuery(db).where(eq(orders.id, orderId)).limit(1)
  if (!row) throw notFound(staffOrderMessages.notFound)
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
  const order = row.order
  return {
    ...rowView(row),
    details: order.details,
    gateway_payment_reference: order.gatewayPaymentRef,
    fulfilment: {
      status: order.fulfilmentStatus,
      attempts: order.fulfilmentAttempts,
      error: order.fulfilmentError,
      fulfilled_at: order.fulfilledAt?.toISOString() ?? null,
    },
    attempts: attempts.map((a) => ({
      id: a.id,
      gateway: a.gateway,
      gateway_reference: a.gatewayRef,
      charge: { amount: fromMinorUnits(a.chargeAmountMinor), currency: a.chargeCurrency },
      created_at: a.createdAt.toISOString(),
    })),
    events: events.map((e) => ({
      id: e.id,
      gateway: e.gateway,
      event_id: e.eventId,
      outcome: e.outcome,
      result: e.result === 'pending' ? ('ignored' as const) : e.result,
      reason: e.reason,
      occurred_at: e.occurredAt?.toISOString() ?? null,
      received_at: e.receivedAt.toISOString(),
    })),
    extra_payments: extras.map((x) => ({
      id: x.id,
      gateway: x.gateway,
      gateway_reference: x.gatewayRef,
      charge: { amount: fromMinorUnits(x.chargeAmountMinor), currency: x.chargeCurrency },
      status: x.status,
      gateway_refund_reference: x.gatewayRefundRef,
      error: x.error,
      created_at: x.createdAt.toISOString(),
      refunded_at: x.refundedAt?.toISOString() ?? null,
    })),
    ledger: ledger.map((e) => ({
      id: e.id,
      transaction_type: e.transactionType,
      source: e.source,
      amount: fromMinorUnits(e.amountMinor),
      description: e.description,
      created_at: e.createdAt.toISOString(),
    })),
    receipt: receipt ? { number: receipt.number, issued_at: receipt.issuedAt.toISOString() } : null,
    receipt_pdf_url: receipt ? staffOrderPaths.receiptPdf(order.id) : null,
    refundable: order.status === 'paid' && row.refund?.status !== 'succeeded',
  }
}

/** Whose order it is (the receipt is looked up as the owner's). */
export async function orderOwner(db: Executor, orderId: number): Promise<number> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId))
  if (!row) throw notFound(staffOrderMessages.notFound)
  return row.userId
}

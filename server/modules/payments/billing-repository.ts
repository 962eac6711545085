import { and, asc, eq, ne } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import {
  checkoutAttempts,
  extraPayments,
  gatewayEvents,
  orderRefunds,
  receipts,
  walletEntries,
} from '../../db/schema'

/* The billing history's queries (issue 24); what it shows is decided in billing.ts. */

/** What was tried to pay an order, what went back and its receipt, each oldest first. */
export async function orderHistoryRows(db: Executor, orderId: number) {
  const [attempts, events, walletPayments, refunds, extras, [receipt]] = await Promise.all([
    db
      .select()
      .from(checkoutAttempts)
      .where(eq(checkoutAttempts.orderId, orderId))
      .orderBy(asc(checkoutAttempts.id)),
    db
      .select({
        outcome: gatewayEvents.outcome,
        result: gatewayEvents.result,
        payload: gatewayEvents.payload,
        gateway: gatewayEvents.gateway,
      })
      .from(gatewayEvents)
      // An event names its order once a pass applied it; a pending one has no order yet.
      .where(and(eq(gatewayEvents.orderId, orderId), ne(gatewayEvents.result, 'pending')))
      .orderBy(asc(gatewayEvents.occurredAt), asc(gatewayEvents.id)),
    db
      .select({ amountMinor: walletEntries.amountMinor, createdAt: walletEntries.createdAt })
      .from(walletEntries)
      .where(
        and(
          eq(walletEntries.orderId, orderId),
          eq(walletEntries.source, 'order'),
          eq(walletEntries.transactionType, 'payment'),
        ),
      )
      .orderBy(asc(walletEntries.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id)),
    db.select().from(extraPayments).where(eq(extraPayments.orderId, orderId)).orderBy(asc(extraPayments.id)),
    db
      .select({ number: receipts.number, issuedAt: receipts.issuedAt })
      .from(receipts)
      .where(eq(receipts.orderId, orderId))
      .limit(1),
  ])
  return { attempts, events, walletPayments, refunds, extras, receipt }
}

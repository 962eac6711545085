import { fromMinorUnits } from '@/contract/common'
import {
  staffOrderMessages,
  staffOrderPaths,
  type StaffOrderDetail,
  type StaffOrderQuery,
  type StaffOrderRow,
} from '@/contract/payments-staff'
import type { Executor } from '../../db/client'
import { notFound } from '../../lib/errors'
import { loadPage, type ListPage } from '../../lib/pagination'
import { orderView } from './service'
import * as repo from './staff-orders-repository'
import type { Row } from './staff-orders-repository'

/*
 * The staff console's orders (issue 15): every client's orders with search, filters and sorting, and one
 * order with its gateway events, ledger entries, receipt and refund. Refunds themselves are in refunds.ts;
 * the queries in staff-orders-repository.ts.
 */

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
  return loadPage(query.page, pageSize, (window) => repo.listOrders(db, query, window), rowView)
}

export async function staffOrderDetail(db: Executor, orderId: number): Promise<StaffOrderDetail> {
  const row = await repo.findOrder(db, orderId)
  if (!row) throw notFound(staffOrderMessages.notFound)
  const { attempts, events, ledger, receipt, extras } = await repo.orderRecords(db, orderId)
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
  const userId = await repo.orderUserId(db, orderId)
  if (userId === undefined) throw notFound(staffOrderMessages.notFound)
  return userId
}

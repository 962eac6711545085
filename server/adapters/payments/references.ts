import type { PaymentNotification } from './types'

/**
 * Our order id from a gateway's merchant reference. Paymob's `merchant_order_id` and Fawry's
 * `merchantRefNum` are the checkout attempt key (`order-{id}-{n}`), which their notifications echo.
 */
export function orderIdFromReference(reference: unknown): number | null {
  const match = typeof reference === 'string' ? /^order-(\d{1,10})(?:-|$)/.exec(reference) : null
  return match ? Number(match[1]) : null
}

/**
 * What reconciliation answers while a gateway has no final word on a checkout yet: a pending payment of
 * unknown order, amount and currency, as of now, under `eventId`.
 */
export function pendingPayment(
  gatewayRef: string,
  eventId: string,
): Extract<PaymentNotification, { type: 'payment' }> {
  return {
    type: 'payment',
    eventId,
    orderId: null,
    gatewayRef,
    outcome: 'pending',
    amountMinor: null,
    currency: null,
    occurredAt: new Date(),
    reason: null,
    savedCard: null,
  }
}

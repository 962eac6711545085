import { randomBytes } from 'node:crypto'
import { InvalidNotificationError, type CardDetails, type PaymentNotification } from './types'
import { nowSeconds, type Session } from './sandbox-signing'

/* The sandbox's notifications: the event it posts for a checkout, and that event read back at the webhook. */

export interface SandboxEvent {
  id: string
  type: 'payment.succeeded' | 'payment.failed' | 'card.saved'
  created: number
  data: {
    order_id: number | null
    gateway_ref: string | null
    amount_minor: number | null
    currency: string | null
    reason: string | null
    customer_ref: string | null
    make_default: boolean
    card: CardDetails | null
  }
}

/** What an event says of a checkout's payment; null for a card saved without paying. */
export function paymentOutcome(session: Session, type: SandboxEvent['type']): 'paid' | 'failed' | null {
  if (session.k !== 'pay' || type === 'card.saved') return null
  return type === 'payment.succeeded' ? 'paid' : 'failed'
}

/** The event of a checkout's outcome (or of a saved card); a payment's is named by its checkout and outcome. */
export function sandboxEvent(
  session: Session,
  type: SandboxEvent['type'],
  card: CardDetails | null,
  reason: string | null,
): SandboxEvent {
  const outcome = paymentOutcome(session, type)
  const event: SandboxEvent = {
    // A payment's event is named by its checkout and outcome, as the status query answers it.
    id: outcome ? `${session.r}:${outcome}` : `evt_sandbox_${randomBytes(12).toString('hex')}`,
    type,
    created: nowSeconds(),
    data: {
      order_id: session.k === 'pay' ? session.o : null,
      gateway_ref: session.r,
      amount_minor: session.k === 'pay' ? session.a : null,
      currency: session.k === 'pay' ? session.c : null,
      reason,
      customer_ref: session.cu,
      make_default: session.md,
      card,
    },
  }
  return event
}

/** A verified notification body as the payment notification it carries. */
export function notificationOfBody(rawBody: Buffer): PaymentNotification {
  let event: SandboxEvent
  try {
    event = JSON.parse(rawBody.toString('utf8')) as SandboxEvent
  } catch {
    throw new InvalidNotificationError('Body is not JSON.')
  }
  if (typeof event?.id !== 'string' || typeof event.created !== 'number' || !event.data)
    throw new InvalidNotificationError('Not a sandbox event.')
  const occurredAt = new Date(event.created * 1000)
  const data = event.data
  if (event.type === 'card.saved') {
    if (!data.card || !data.customer_ref) throw new InvalidNotificationError('Card event without a card.')
    return {
      type: 'card_saved',
      eventId: event.id,
      customerRef: data.customer_ref,
      card: data.card,
      makeDefault: data.make_default,
      occurredAt,
    }
  }
  if (event.type !== 'payment.succeeded' && event.type !== 'payment.failed')
    return { type: 'ignored', eventId: event.id, occurredAt }
  return {
    type: 'payment',
    eventId: event.id,
    orderId: data.order_id,
    gatewayRef: data.gateway_ref,
    outcome: event.type === 'payment.succeeded' ? 'paid' : 'failed',
    amountMinor: data.amount_minor,
    currency: data.currency,
    occurredAt,
    reason: data.reason,
    savedCard: data.card && data.customer_ref ? { ...data.card, customerRef: data.customer_ref } : null,
  }
}

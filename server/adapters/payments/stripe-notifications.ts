import type Stripe from 'stripe'
import type { StripeClient } from './stripe-client'
import type { PaymentNotification } from './types'

/* Stripe's answers as payment notifications: its webhook events, and a PaymentIntent's state when asked. */

type Payment = Extract<PaymentNotification, { type: 'payment' }>

export function orderIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const value = metadata?.order_id
  return value && /^\d{1,10}$/.test(value) ? Number(value) : null
}

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/** The notification a verified webhook event makes (the events the module does not act on are `ignored`). */
export async function notificationOfEvent(
  client: StripeClient,
  event: Stripe.Event,
): Promise<PaymentNotification> {
  const occurredAt = new Date(event.created * 1000)
  const ignored: PaymentNotification = { type: 'ignored', eventId: event.id, occurredAt }
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.processing':
    case 'payment_intent.canceled': {
      const intent = event.data.object
      const outcome = (
        {
          'payment_intent.succeeded': 'paid',
          'payment_intent.payment_failed': 'failed',
          'payment_intent.processing': 'pending',
          'payment_intent.canceled': 'cancelled',
        } as const
      )[event.type]
      const savedCard = outcome === 'paid' ? await savedCardOf(client, intent) : null
      return {
        ...intentNotification(intent, outcome, occurredAt, savedCard),
        // A final state is named by the intent, so reconciliation's answer for it is the same event.
        eventId: outcome === 'paid' || outcome === 'cancelled' ? `${intent.id}:${outcome}` : event.id,
      }
    }
    case 'charge.refunded': {
      const charge = event.data.object
      // Only a full refund refunds the order; a partial one is recorded by Stripe alone.
      if (!charge.refunded) return ignored
      return {
        type: 'payment',
        eventId: event.id,
        orderId: orderIdOf(charge.metadata),
        gatewayRef: idOf(charge.payment_intent),
        outcome: 'refunded',
        amountMinor: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
        occurredAt,
        reason: null,
        savedCard: null,
      }
    }
    case 'setup_intent.succeeded': {
      const intent = event.data.object
      const methodId = idOf(intent.payment_method)
      const customerRef = idOf(intent.customer)
      if (!methodId || !customerRef) return ignored
      const card = await client.retrieveCard(methodId)
      if (!card) return ignored
      return {
        type: 'card_saved',
        eventId: event.id,
        customerRef,
        card,
        makeDefault: intent.metadata?.make_default === 'true',
        occurredAt,
      }
    }
    default:
      return ignored
  }
}

/**
 * A PaymentIntent's state as its webhook would say it: a succeeded or canceled intent with the same
 * event id (`pi_…:paid` / `pi_…:cancelled`); any other state is still open (`pending`).
 */
export async function checkIntentStatus(
  client: StripeClient,
  gatewayRef: string,
): Promise<PaymentNotification> {
  const intent = await client.sdk.paymentIntents.retrieve(gatewayRef)
  const outcome =
    intent.status === 'succeeded' ? 'paid' : intent.status === 'canceled' ? 'cancelled' : 'pending'
  const savedCard = outcome === 'paid' ? await savedCardOf(client, intent) : null
  return {
    ...intentNotification(intent, outcome, new Date(), savedCard),
    eventId: `${intent.id}:${outcome}`,
  }
}

/** The card a paid intent saved to the client's customer (`setup_future_usage`), null when none. */
async function savedCardOf(
  client: StripeClient,
  intent: Stripe.PaymentIntent,
): Promise<Payment['savedCard']> {
  const methodId = idOf(intent.payment_method)
  const customerRef = idOf(intent.customer)
  if (!intent.setup_future_usage || !methodId || !customerRef) return null
  const card = await client.retrieveCard(methodId)
  return card ? { ...card, customerRef } : null
}

function intentNotification(
  intent: Stripe.PaymentIntent,
  outcome: 'paid' | 'failed' | 'pending' | 'cancelled',
  occurredAt: Date,
  savedCard: Payment['savedCard'],
): Payment {
  return {
    type: 'payment',
    eventId: '',
    orderId: orderIdOf(intent.metadata),
    gatewayRef: intent.id,
    ...(intent.metadata?.checkout_ref ? { checkoutRef: intent.metadata.checkout_ref } : {}),
    outcome,
    amountMinor: outcome === 'paid' ? (intent.amount_received ?? intent.amount) : intent.amount,
    currency: intent.currency.toUpperCase(),
    occurredAt,
    reason: outcome === 'failed' ? (intent.last_payment_error?.message ?? 'Payment failed') : null,
    savedCard,
  }
}

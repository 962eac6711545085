import { randomUUID } from 'node:crypto'
import { pendingPayment } from './references'
import type { StripeClient } from './stripe-client'
import { checkIntentStatus, idOf } from './stripe-notifications'
import type { CardVault, CheckoutRequest, CheckoutSession, PaymentNotification } from './types'

/*
 * Stripe's hosted Checkout pages (for the desktop app, where Stripe.js cannot run): paying, adding a
 * card, and asking how a page ended.
 */

/**
 * How long a hosted Checkout page takes a payment (Stripe allows 30 minutes to 24 hours): a page left
 * open in the browser does not take money hours later for an order the client may have paid otherwise.
 */
export const HOSTED_CHECKOUT_TTL_SECONDS = 60 * 60
/**
 * When a hosted page expires: TTL to TTL + 10 minutes from now, the same value all through a 10-minute
 * window, so a retried request under the same idempotency key sends the same parameters (Stripe refuses
 * a key reused with different ones; a moment taken to the second changed between two tries).
 */
function hostedExpiry(now = Date.now()): number {
  const step = 600
  return (Math.floor(now / 1000 / step) + 1) * step + HOSTED_CHECKOUT_TTL_SECONDS
}

/** Why a hosted Checkout page that expired unpaid leaves its order failed (payable again). */
export const HOSTED_CHECKOUT_EXPIRED_REASON = 'The payment page expired before the payment was made.'

/** Our reference of a hosted Checkout page's payment (its PaymentIntent does not exist yet). */
const HOSTED_REF_PREFIX = 'hosted_'

/** Whether our reference names a hosted page's payment rather than a PaymentIntent. */
export const isHostedRef = (gatewayRef: string) => gatewayRef.startsWith(HOSTED_REF_PREFIX)

/**
 * Reconciliation of a hosted page: its Checkout Session (`GET /v1/checkout/sessions/{id}`) names the
 * intent once there is one, which is then answered as the intent's own state (its metadata carries our
 * reference); a session that expired without one failed (`hosted_…:expired`); an open one is pending.
 */
export async function checkHostedStatus(
  client: StripeClient,
  gatewayRef: string,
  sessionRef: string | null | undefined,
): Promise<PaymentNotification> {
  const pending = () => pendingPayment(gatewayRef, `${gatewayRef}:pending`)
  // Recorded before sessions were kept: nothing to ask Stripe by our own reference.
  if (!sessionRef) return pending()
  const session = await client.sdk.checkout.sessions.retrieve(sessionRef)
  const intentId = idOf(session.payment_intent)
  if (intentId) {
    const answer = await checkIntentStatus(client, intentId)
    // Only an intent this page created settles this checkout (its metadata names our reference).
    if (answer.type === 'payment' && answer.checkoutRef === gatewayRef && answer.outcome !== 'pending')
      return answer
  }
  if (session.status !== 'expired') return pending()
  return {
    ...pending(),
    eventId: `${gatewayRef}:expired`,
    outcome: 'failed',
    amountMinor: session.amount_total ?? null,
    currency: session.currency?.toUpperCase() ?? null,
    occurredAt: session.expires_at ? new Date(session.expires_at * 1000) : new Date(),
    reason: HOSTED_CHECKOUT_EXPIRED_REASON,
  }
}

/**
 * A hosted Stripe Checkout page (mode payment) for one checkout attempt: Stripe.js cannot run inside the
 * desktop app, so it opens this page in the system browser. The PaymentIntent Checkout creates carries
 * the same metadata (`payment_intent_data`), so its webhooks mark and fulfil the order as an in-page
 * payment's do; `setup_future_usage` saves the card to the client's customer the same way.
 */
export async function createHostedCheckout(
  client: StripeClient,
  request: CheckoutRequest,
): Promise<CheckoutSession> {
  const description = request.order.description.slice(0, 1000)
  const metadata = { order_id: String(request.order.id), user_id: String(request.customer.userId) }
  // The PaymentIntent is made when the client pays, so the checkout is recorded under our own reference,
  // which the intent carries back in its (signed) metadata.
  const checkoutRef = `${HOSTED_REF_PREFIX}${request.attemptKey}`
  const { customerRef, email } = request.customer
  const session = await client.sdk.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: request.amountMinor,
            product_data: { name: description },
          },
        },
      ],
      allowed_payment_method_types: ['card'],
      client_reference_id: String(request.order.id),
      metadata,
      payment_intent_data: {
        description,
        metadata: { ...metadata, checkout_ref: checkoutRef },
        receipt_email: email || undefined,
        setup_future_usage: request.saveCard && customerRef ? 'on_session' : undefined,
      },
      // Stripe takes one of the two: the customer's e-mail is already on the customer.
      ...(customerRef ? { customer: customerRef } : email ? { customer_email: email } : {}),
      success_url: request.returnUrls.success,
      cancel_url: request.returnUrls.failure,
      expires_at: hostedExpiry(),
    },
    { idempotencyKey: request.attemptKey },
  )
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL')
  return {
    gatewayRef: checkoutRef,
    url: session.url,
    clientSecret: null,
    referenceNumber: null,
    sessionRef: session.id,
    immediate: null,
  }
}

/**
 * Adding a card on a hosted Stripe Checkout page (mode setup) for the client's customer; the SetupIntent
 * Checkout creates carries `setup_intent_data.metadata`, so `setup_intent.succeeded` saves the card as
 * an in-page SetupIntent's does.
 */
export async function startHostedCardSetup(
  client: StripeClient,
  request: Parameters<CardVault['startCardSetup']>[0],
) {
  const session = await client.sdk.checkout.sessions.create(
    {
      mode: 'setup',
      customer: request.customerRef,
      allowed_payment_method_types: ['card'],
      setup_intent_data: {
        metadata: { user_id: String(request.userId), make_default: String(request.makeDefault) },
      },
      success_url: request.returnUrls.success,
      cancel_url: request.returnUrls.failure,
      expires_at: hostedExpiry(),
    },
    { idempotencyKey: randomUUID() },
  )
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL')
  return { setupRef: session.id, clientSecret: null, url: session.url }
}

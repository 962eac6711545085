import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import {
  InvalidNotificationError,
  type CardDetails,
  type CardGateway,
  type CardVault,
  type CheckoutCustomer,
  type CheckoutRequest,
  type CheckoutSession,
  type NotificationInput,
  type PaymentNotification,
  type RefundRequest,
  type RefundResult,
  RefundRefusedError,
} from './types'
import { RealGateway } from './real-gateway'
import { pendingPayment } from './references'

export interface StripeAccount {
  secretKey: string
  publishableKey: string
  webhookSecret: string
  /** Stripe's API (the default), or a local fake in tests. */
  apiUrl: string | undefined
}

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

/** How old a webhook's timestamp may be (Stripe's default tolerance). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300

/** The SDK pointed at the configured API base (Stripe itself, or a local fake in tests). */
export function stripeSdk(account: StripeAccount): Stripe {
  const base = new URL(account.apiUrl ?? 'https://api.stripe.com')
  return new Stripe(account.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'cypher-site' },
  })
}

export function cardOf(method: Stripe.PaymentMethod): CardDetails | null {
  if (method.type !== 'card' || !method.card) return null
  return {
    methodRef: method.id,
    brand: method.card.brand,
    lastFour: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
    fingerprint: method.card.fingerprint ?? null,
  }
}

/** The SDK calls the gateway shares: customers, cards, and webhooks verified on the raw body. */
/** Our reference of a hosted Checkout page's payment (its PaymentIntent does not exist yet). */
const HOSTED_REF_PREFIX = 'hosted_'

export class StripeClient {
  readonly sdk: Stripe

  constructor(private readonly account: StripeAccount) {
    this.sdk = stripeSdk(account)
  }

  async createCustomer(input: { userId: number; email: string; name: string }): Promise<string> {
    const customer = await this.sdk.customers.create(
      { email: input.email, name: input.name, metadata: { user_id: String(input.userId) } },
      { idempotencyKey: `customer-${input.userId}` },
    )
    return customer.id
  }

  async retrieveCard(paymentMethodId: string): Promise<CardDetails | null> {
    return cardOf(await this.sdk.paymentMethods.retrieve(paymentMethodId))
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    await this.sdk.paymentMethods.detach(paymentMethodId)
  }

  /**
   * The event of a webhook delivery, verified on the raw bytes against the `Stripe-Signature` header
   * (t=…, v1=HMAC-SHA256 of "t.body" with the signing secret; at most 300 s old). Throws when it fails.
   */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): Stripe.Event {
    if (!signatureHeader) throw new Error('No Stripe-Signature header')
    return this.sdk.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      this.account.webhookSecret,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    )
  }
}

/** A PaymentIntent's status as the checkout reports it at once (never used to mark an order paid). */
function immediateOf(intent: Stripe.PaymentIntent): NonNullable<CheckoutSession['immediate']> {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', reason: null }
    case 'requires_action':
      return { status: 'requires_action', reason: null }
    case 'requires_payment_method':
    case 'canceled':
      return { status: 'failed', reason: intent.last_payment_error?.message ?? 'Payment failed' }
    default:
      return { status: 'processing', reason: null }
  }
}

function orderIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const value = metadata?.order_id
  return value && /^\d{1,10}$/.test(value) ? Number(value) : null
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/**
 * The real card gateway: Stripe through its SDK. A Customer per client; a PaymentIntent per checkout
 * attempt (amount in cents, `setup_future_usage` when the card is to be saved, confirmed at once with a
 * saved card); SetupIntents to add a card without paying; detach to remove one; webhooks verified on the
 * raw body. Every create carries an Idempotency-Key (the checkout attempt, the client's id, or a v4
 * UUID), so a retried request never creates a second object.
 */
export class StripeGateway extends RealGateway<'stripe', 'USD', StripeClient> implements CardGateway {
  constructor(account: StripeAccount) {
    super('stripe', 'USD', new StripeClient(account))
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    this.checkCurrency(request)
    const params: Stripe.PaymentIntentCreateParams = {
      amount: request.amountMinor,
      currency: 'usd',
      description: request.order.description.slice(0, 1000),
      allowed_payment_method_types: ['card'],
      metadata: { order_id: String(request.order.id), user_id: String(request.customer.userId) },
      receipt_email: request.customer.email || undefined,
    }
    if (request.customer.customerRef) params.customer = request.customer.customerRef
    if (request.saveCard && request.customer.customerRef) params.setup_future_usage = 'on_session'
    if (request.savedMethodRef) {
      params.payment_method = request.savedMethodRef
      params.confirm = true
      if (request.offSession) params.off_session = true
    }
    let intent: Stripe.PaymentIntent
    try {
      intent = await this.client.sdk.paymentIntents.create(params, { idempotencyKey: request.attemptKey })
    } catch (error) {
      // A saved card declined at once: Stripe answers 402 with the intent, which now says why.
      const declined = error instanceof Stripe.errors.StripeCardError ? error.payment_intent : undefined
      if (!declined) throw error
      intent = declined
    }
    if (!intent.client_secret) throw new Error('Stripe answered a PaymentIntent without a client secret')
    return {
      gatewayRef: intent.id,
      url: null,
      clientSecret: intent.client_secret,
      referenceNumber: null,
      immediate: request.savedMethodRef ? immediateOf(intent) : null,
    }
  }

  async parseNotification(input: NotificationInput): Promise<PaymentNotification> {
    const header = input.headers['stripe-signature']
    let event: Stripe.Event
    try {
      event = this.client.verifyWebhook(input.rawBody, Array.isArray(header) ? header[0] : header)
    } catch (error) {
      throw new InvalidNotificationError(
        `Stripe webhook refused: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
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
        const savedCard = outcome === 'paid' ? await this.savedCardOf(intent) : null
        return {
          ...this.intentNotification(intent, outcome, occurredAt, savedCard),
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
        const card = await this.client.retrieveCard(methodId)
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
   * Reconciliation: retrieves the PaymentIntent and answers its state as its webhook would (a
   * succeeded or canceled intent with the same event id, `pi_…:paid` / `pi_…:cancelled`); any other
   * state is still open (`pending`). A hosted Checkout page has no PaymentIntent until it is paid: its
   * Checkout Session (`GET /v1/checkout/sessions/{id}`) names the intent once there is one, which is then
   * answered the same way (its metadata carries our reference); a session that expired without one
   * failed (`hosted_…:expired`); an open one is pending.
   */
  async checkStatus(gatewayRef: string, sessionRef?: string | null): Promise<PaymentNotification> {
    if (gatewayRef.startsWith(HOSTED_REF_PREFIX)) return this.checkHostedStatus(gatewayRef, sessionRef)
    return this.checkIntentStatus(gatewayRef)
  }

  private async checkHostedStatus(
    gatewayRef: string,
    sessionRef: string | null | undefined,
  ): Promise<PaymentNotification> {
    const pending = () => pendingPayment(gatewayRef, `${gatewayRef}:pending`)
    // Recorded before sessions were kept: nothing to ask Stripe by our own reference.
    if (!sessionRef) return pending()
    const session = await this.client.sdk.checkout.sessions.retrieve(sessionRef)
    const intentId = idOf(session.payment_intent)
    if (intentId) {
      const answer = await this.checkIntentStatus(intentId)
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

  private async checkIntentStatus(gatewayRef: string): Promise<PaymentNotification> {
    const intent = await this.client.sdk.paymentIntents.retrieve(gatewayRef)
    const outcome =
      intent.status === 'succeeded' ? 'paid' : intent.status === 'canceled' ? 'cancelled' : 'pending'
    const savedCard = outcome === 'paid' ? await this.savedCardOf(intent) : null
    return {
      ...this.intentNotification(intent, outcome, new Date(), savedCard),
      eventId: `${intent.id}:${outcome}`,
    }
  }

  private async savedCardOf(
    intent: Stripe.PaymentIntent,
  ): Promise<Extract<PaymentNotification, { type: 'payment' }>['savedCard']> {
    const methodId = idOf(intent.payment_method)
    const customerRef = idOf(intent.customer)
    if (!intent.setup_future_usage || !methodId || !customerRef) return null
    const card = await this.client.retrieveCard(methodId)
    return card ? { ...card, customerRef } : null
  }

  private intentNotification(
    intent: Stripe.PaymentIntent,
    outcome: 'paid' | 'failed' | 'pending' | 'cancelled',
    occurredAt: Date,
    savedCard: Extract<PaymentNotification, { type: 'payment' }>['savedCard'],
  ): Extract<PaymentNotification, { type: 'payment' }> {
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

  async createCustomer(customer: Omit<CheckoutCustomer, 'customerRef'>): Promise<string> {
    return this.client.createCustomer({
      userId: customer.userId,
      email: customer.email,
      name: `${customer.firstName} ${customer.lastName}`.trim(),
    })
  }

  async startCardSetup(request: Parameters<CardVault['startCardSetup']>[0]) {
    const intent = await this.client.sdk.setupIntents.create(
      {
        customer: request.customerRef,
        usage: 'on_session',
        allowed_payment_method_types: ['card'],
        metadata: { user_id: String(request.userId), make_default: String(request.makeDefault) },
      },
      { idempotencyKey: randomUUID() },
    )
    if (!intent.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret')
    return { setupRef: intent.id, clientSecret: intent.client_secret, url: null }
  }

  /** Stripe Refunds API: `POST /v1/refunds` with the payment intent (the whole amount), keyed for retries. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    let refund: Stripe.Refund
    try {
      refund = await this.client.sdk.refunds.create(
        {
          payment_intent: request.gatewayRef,
          amount: request.amountMinor,
          reason: 'requested_by_customer',
          // Only what stays the same on a retry: Stripe refuses a key reused with other parameters.
          metadata: { order_id: String(request.order.id) },
        },
        { idempotencyKey: request.idempotencyKey },
      )
    } catch (error) {
      // Stripe's own words for a refund it will not make (already refunded, no successful charge).
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new RefundRefusedError(error.message)
      throw error
    }
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new RefundRefusedError(`Stripe answered the refund as ${refund.status}.`)
    return { refundRef: refund.id }
  }

  async detachCard(methodRef: string): Promise<void> {
    try {
      await this.client.detachCard(methodRef)
    } catch (error) {
      // Already detached (or gone) at Stripe: the card is removed either way.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        (error.statusCode === 404 || /not attached/i.test(error.message))
      ) {
        return
      }
      throw error
    }
  }

  /**
   * A hosted Stripe Checkout page (mode payment) for one checkout attempt: Stripe.js cannot run inside the
   * desktop app, so it opens this page in the system browser. The PaymentIntent Checkout creates carries
   * the same metadata (`payment_intent_data`), so its webhooks mark and fulfil the order as an in-page
   * payment's do; `setup_future_usage` saves the card to the client's customer the same way.
   */
  async createHostedCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    this.checkCurrency(request)
    const description = request.order.description.slice(0, 1000)
    const metadata = { order_id: String(request.order.id), user_id: String(request.customer.userId) }
    // The PaymentIntent is made when the client pays, so the checkout is recorded under our own reference,
    // which the intent carries back in its (signed) metadata.
    const checkoutRef = `${HOSTED_REF_PREFIX}${request.attemptKey}`
    const { customerRef, email } = request.customer
    const session = await this.client.sdk.checkout.sessions.create(
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
  async startHostedCardSetup(request: Parameters<CardVault['startCardSetup']>[0]) {
    const session = await this.client.sdk.checkout.sessions.create(
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
}

import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import {
  InvalidNotificationError,
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
import { StripeClient, type StripeAccount } from './stripe-client'
import { checkHostedStatus, createHostedCheckout, isHostedRef, startHostedCardSetup } from './stripe-hosted'
import { checkIntentStatus, notificationOfEvent } from './stripe-notifications'

export {
  cardOf,
  STRIPE_WEBHOOK_TOLERANCE_SECONDS,
  StripeClient,
  stripeSdk,
  type StripeAccount,
} from './stripe-client'
export { HOSTED_CHECKOUT_EXPIRED_REASON, HOSTED_CHECKOUT_TTL_SECONDS } from './stripe-hosted'

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
    return notificationOfEvent(this.client, event)
  }

  /**
   * Reconciliation: retrieves the PaymentIntent and answers its state as its webhook would; a hosted
   * Checkout page has no PaymentIntent until it is paid, so its Checkout Session is asked instead
   * (stripe-hosted.ts).
   */
  async checkStatus(gatewayRef: string, sessionRef?: string | null): Promise<PaymentNotification> {
    if (isHostedRef(gatewayRef)) return checkHostedStatus(this.client, gatewayRef, sessionRef)
    return checkIntentStatus(this.client, gatewayRef)
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

  /** A hosted Stripe Checkout page (mode payment) for one checkout attempt (stripe-hosted.ts). */
  async createHostedCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    this.checkCurrency(request)
    return createHostedCheckout(this.client, request)
  }

  /** Adding a card on a hosted Stripe Checkout page (mode setup) for the client's customer. */
  async startHostedCardSetup(request: Parameters<CardVault['startCardSetup']>[0]) {
    return startHostedCardSetup(this.client, request)
  }
}

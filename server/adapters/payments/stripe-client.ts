import Stripe from 'stripe'
import type { CardDetails } from './types'

export interface StripeAccount {
  secretKey: string
  publishableKey: string
  webhookSecret: string
  /** Stripe's API (the default), or a local fake in tests. */
  apiUrl: string | undefined
}

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

import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import {
  HOSTED_CHECKOUT_EXPIRED_REASON,
  HOSTED_CHECKOUT_TTL_SECONDS,
  StripeGateway,
} from '../../server/adapters/payments/stripe'
import { gatewayEvents } from '../../server/db/schema'
import { paymentDeps } from '../../server/modules/payments'
import { reconcileCheckouts } from '../../server/modules/payments/reconcile'
import type { CheckoutRequest } from '../../server/adapters/payments'
import { paymentPaths } from '@/contract/payments'
import { registerClient } from './helpers/auth'
import { requests } from './helpers/requests'
import { createTestApp } from './helpers/test-app'
import { decodeStripeForm, DECLINED, FakeStripe, STRIPE, VISA } from './helpers/fake-stripe'

/**
 * The desktop app's card payments with real Stripe keys (issue 27): Stripe.js cannot run in its app://
 * pages, so the server answers a hosted Stripe Checkout page (mode payment, or setup to add a card) that
 * the app opens in the system browser, and the webhooks of what Checkout creates pay the order.
 */
const stripe = await new FakeStripe().start()
afterAll(() => stripe.stop())

const gateway = new StripeGateway({ ...STRIPE, apiUrl: stripe.url })
const customerRef = await gateway.createCustomer({
  userId: 9,
  email: 'desk@example.com',
  firstName: 'Desk',
  lastName: 'Top',
  phone: '',
})

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    order: { id: 41, description: 'Wallet top-up of $25.00' },
    amountMinor: 2500,
    currency: 'USD',
    customer: {
      userId: 9,
      email: 'desk@example.com',
      firstName: 'Desk',
      lastName: 'Top',
      phone: '',
      customerRef,
    },
    returnUrls: {
      success: 'https://cypher.example/payment/success/41',
      failure: 'https://cypher.example/payment/fail/41',
    },
    attemptKey: `order-41-${randomUUID()}`,
    saveCard: false,
    savedMethodRef: null,
    ...overrides,
  }
}

const lastRequest = (path: string) => {
  const request = stripe.requestsTo(path, 'POST').at(-1)
  if (!request) throw new Error(`no request to ${path}`)
  return { ...request, form: decodeStripeForm(request.body.toString()) }
}

/** What the webhook of an event about `object` reads as, through the adapter's own signature check. */
function notified(type: string, object: object) {
  const { payload, signature } = stripe.event(type, object)
  return gateway.parseNotification({
    rawBody: Buffer.from(payload),
    headers: { 'stripe-signature': signature },
    query: {},
  })
}

/** The fake's Checkout Session of a hosted checkout, found by the reference the checkout is recorded under. */
function sessionOf(checkoutRef: string) {
  const session = [...stripe.checkoutSessions.values()].find(
    (candidate) =>
      (candidate.intentData as { metadata?: { checkout_ref?: string } } | undefined)?.metadata
        ?.checkout_ref === checkoutRef,
  )
  if (!session) throw new Error(`no Checkout Session for ${checkoutRef}`)
  return session as { id: string; url: string } & Record<string, unknown>
}

describe('hosted Stripe Checkout for the desktop app', () => {
  it('creates a Checkout Session in payment mode for our order, keyed by the attempt, and answers its page', async () => {
    const request = checkout()
    const before = Math.floor(Date.now() / 1000)
    const session = await gateway.createHostedCheckout(request)
    const sent = lastRequest('/v1/checkout/sessions')
    expect(sent.headers.authorization).toBe(`Bearer ${STRIPE.secretKey}`)
    expect(sent.headers['idempotency-key']).toBe(request.attemptKey)
    expect(sent.form).toMatchObject({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '2500',
            product_data: { name: 'Wallet top-up of $25.00' },
          },
        },
      ],
      allowed_payment_method_types: ['card'],
      customer: customerRef,
      client_reference_id: '41',
      metadata: { order_id: '41', user_id: '9' },
      payment_intent_data: { metadata: { order_id: '41', user_id: '9' }, receipt_email: 'desk@example.com' },
      success_url: 'https://cypher.example/payment/success/41',
      cancel_url: 'https://cypher.example/payment/fail/41',
    })
    expect(sent.form).not.toHaveProperty('customer_email')
    expect(sent.form).not.toHaveProperty('payment_intent_data.setup_future_usage')
    const expires = Number(sent.form.expires_at)
    expect(expires - before).toBeGreaterThanOrEqual(HOSTED_CHECKOUT_TTL_SECONDS)
    expect(expires - before).toBeLessThanOrEqual(HOSTED_CHECKOUT_TTL_SECONDS + 605)
    expect(session).toEqual({
      gatewayRef: expect.stringMatching(/^hosted_order-41-/),
      url: sessionOf(session.gatewayRef).url,
      clientSecret: null,
      referenceNumber: null,
      // Reconciliation retrieves the page by it before any webhook names its PaymentIntent.
      sessionRef: sessionOf(session.gatewayRef).id,
      immediate: null,
    })
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//)
  })

  it('answers the same session when the attempt is retried', async () => {
    const request = checkout()
    const first = await gateway.createHostedCheckout(request)
    // A retry a few seconds later sends the same parameters under the same idempotency key (Stripe, and
    // its fake, refuse a key reused with different ones: the expiry once moved with the clock).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_000 })
    try {
      const again = await gateway.createHostedCheckout(request)
      expect(again.gatewayRef).toBe(first.gatewayRef)
      expect(again.sessionRef).toBe(first.sessionRef)
    } finally {
      vi.useRealTimers()
    }
  })

  it('pays our order through the PaymentIntent Checkout creates, and saves the card when asked', async () => {
    const session = await gateway.createHostedCheckout(checkout({ saveCard: true }))
    expect(lastRequest('/v1/checkout/sessions').form).toMatchObject({
      payment_intent_data: { setup_future_usage: 'on_session' },
    })
    const completed = stripe.completeCheckoutSession(sessionOf(session.gatewayRef).id, VISA)
    const intent = stripe.paymentIntents.get(String(completed.payment_intent))
    expect(intent?.status).toBe('succeeded')
    const notification = await notified('payment_intent.succeeded', intent ?? {})
    expect(notification).toMatchObject({
      type: 'payment',
      orderId: 41,
      outcome: 'paid',
      amountMinor: 2500,
      currency: 'USD',
      gatewayRef: intent?.id,
      // The intent carries the reference the checkout was recorded under: the notification pays that one.
      checkoutRef: session.gatewayRef,
      savedCard: { customerRef, lastFour: '4242', brand: 'visa' },
    })
    // Checkout's own event is of no interest: the PaymentIntent's says everything.
    expect(await notified('checkout.session.completed', completed)).toMatchObject({ type: 'ignored' })
  })

  it('without a Stripe customer, gives Stripe the payer’s e-mail instead', async () => {
    const customer = { ...checkout().customer, customerRef: null }
    await gateway.createHostedCheckout(checkout({ customer }))
    const sent = lastRequest('/v1/checkout/sessions').form
    expect(sent).toMatchObject({ customer_email: 'desk@example.com' })
    expect(sent).not.toHaveProperty('customer')
  })

  it('adds a card on a Checkout Session in setup mode; the SetupIntent it creates saves the card', async () => {
    const setup = await gateway.startHostedCardSetup({
      customerRef,
      userId: 9,
      makeDefault: true,
      returnUrls: {
        success: 'https://cypher.example/wallet?card=added',
        failure: 'https://cypher.example/wallet?card=failed',
      },
    })
    const sent = lastRequest('/v1/checkout/sessions')
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent.form).toMatchObject({
      mode: 'setup',
      customer: customerRef,
      allowed_payment_method_types: ['card'],
      setup_intent_data: { metadata: { user_id: '9', make_default: 'true' } },
      success_url: 'https://cypher.example/wallet?card=added',
      cancel_url: 'https://cypher.example/wallet?card=failed',
    })
    expect(setup).toEqual({
      setupRef: expect.stringMatching(/^cs_/),
      clientSecret: null,
      url: expect.any(String),
    })
    const completed = stripe.completeCheckoutSession(setup.setupRef, VISA)
    const intent = stripe.setupIntents.get(String(completed.setup_intent))
    expect(await notified('setup_intent.succeeded', intent ?? {})).toMatchObject({
      type: 'card_saved',
      customerRef,
      makeDefault: true,
      card: { lastFour: '4242' },
    })
  })
})

describe('the desktop checkout through the API with real Stripe keys', () => {
  it('answers a hosted page for return_to desktop, and the webhook of the page’s payment pays the order', async () => {
    const app = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_URL: stripe.url,
        PUBLIC_URL: 'https://cypher.example',
      },
    })
    try {
      const api = requests(app)
      const client = await registerClient(app)
      const created = await api.post(
        paymentPaths.orders,
        { kind: 'wallet_topup', amount: 30, idempotency_key: randomUUID() },
        client,
      )
      const orderId: number = created.json().id
      const processed = await api.post(
        paymentPaths.stripeProcess,
        { amount: 3000, order_id: orderId, save_payment_method: true, return_to: 'desktop' },
        client,
      )
      expect(processed.statusCode).toBe(200)
      const body = processed.json()
      expect(body).toMatchObject({
        success: true,
        sandbox: false,
        client_secret: null,
        checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
      })
      // Stripe takes only http(s) return addresses: the web result pages, not the cypher:// link.
      const session = sessionOf(body.payment_intent_id)
      expect(session).toMatchObject({
        success_url: `https://cypher.example/payment/success/${orderId}`,
        cancel_url: `https://cypher.example/payment/fail/${orderId}`,
        amount_total: 3000,
        metadata: { order_id: String(orderId) },
      })

      const deliver = async (type: string, object: object) => {
        const { payload, signature } = stripe.event(type, object)
        const webhook = await app.inject({
          method: 'POST',
          url: paymentPaths.webhook('stripe'),
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        })
        expect(webhook.statusCode).toBe(200)
        await app.paymentEvents.idle()
        return (await api.get(paymentPaths.order(orderId), client)).json().status
      }
      // A declined card on the page leaves the order open (the page lets the client try another card).
      const declined = stripe.completeCheckoutSession(sessionOf(body.payment_intent_id).id, DECLINED)
      const failed = stripe.paymentIntents.get(String(declined.payment_intent)) ?? {}
      expect(await deliver('payment_intent.payment_failed', failed)).toBe('pending')
      const completed = stripe.completeCheckoutSession(sessionOf(body.payment_intent_id).id, VISA)
      const paid = stripe.paymentIntents.get(String(completed.payment_intent)) ?? {}
      expect(await deliver('payment_intent.succeeded', paid)).toBe('paid')
      expect((await api.get('/api/client/wallet/', client)).json()).toMatchObject({ balance: 30 })
      const cards = (await api.get(paymentPaths.savedMethods, client)).json().results
      expect(cards).toMatchObject([{ card_last_four: '4242' }])

      // Adding a card from the desktop app: a Checkout Session in setup mode.
      const setup = await api.post(paymentPaths.cardSetup, { return_to: 'desktop' }, client)
      expect(setup.statusCode).toBe(200)
      expect(setup.json()).toMatchObject({
        client_secret: null,
        checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
        sandbox: false,
      })
      expect(stripe.checkoutSessions.get(setup.json().setup_intent_id)).toMatchObject({
        mode: 'setup',
        success_url: 'https://cypher.example/wallet?card=added',
      })
      // The web keeps Stripe Elements: a PaymentIntent's client secret, no page.
      const web = await api.post(paymentPaths.cardSetup, { return_to: 'web' }, client)
      expect(web.json()).toMatchObject({ client_secret: expect.stringMatching(/^seti_/), checkout_url: null })
    } finally {
      await app.close()
    }
  })
})

describe('reconciling a hosted Stripe Checkout page whose webhook never came', () => {
  const hostedApp = async () =>
    createTestApp({
      env: {
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_URL: stripe.url,
        PUBLIC_URL: 'https://cypher.example',
        PAYMENTS_RECONCILE_AFTER_S: '30',
      },
    })
  /** A $30 top-up with a hosted Checkout page started for it from the desktop app. */
  async function hostedCheckout(app: Awaited<ReturnType<typeof hostedApp>>) {
    const api = requests(app)
    const client = await registerClient(app)
    const created = await api.post(
      paymentPaths.orders,
      { kind: 'wallet_topup', amount: 30, idempotency_key: randomUUID() },
      client,
    )
    const orderId: number = created.json().id
    const processed = await api.post(
      paymentPaths.stripeProcess,
      { amount: 3000, order_id: orderId, return_to: 'desktop' },
      client,
    )
    expect(processed.statusCode).toBe(200)
    const session = sessionOf(processed.json().payment_intent_id)
    const order = async () => (await api.get(paymentPaths.order(orderId), client)).json()
    return { api, client, orderId, session, order }
  }
  const at = (seconds: number) => new Date(Date.now() + seconds * 1000)

  it('retrieves the Checkout Session, then its PaymentIntent, and pays the order; the late webhook is a duplicate', async () => {
    const app = await hostedApp()
    try {
      const deps = paymentDeps(app)
      const { api, client, session, order } = await hostedCheckout(app)
      // Not paid yet: the session is open and has no PaymentIntent; nothing is applied.
      expect(await reconcileCheckouts(deps, at(31))).toBe(0)
      expect(stripe.requestsTo(`/v1/checkout/sessions/${session.id}`, 'GET')).toHaveLength(1)
      expect((await order()).status).toBe('pending')

      // Paid on the page; the webhooks are lost. The next check (30 s later, doubled) finds the payment.
      const completed = stripe.completeCheckoutSession(session.id, VISA)
      const intentId = String(completed.payment_intent)
      expect(await reconcileCheckouts(deps, at(100))).toBe(1)
      await app.paymentEvents.idle()
      expect(stripe.requestsTo(`/v1/payment_intents/${intentId}`, 'GET').length).toBeGreaterThan(0)
      expect(await order()).toMatchObject({ status: 'paid', fulfilled: true })
      expect((await api.get('/api/client/wallet/', client)).json()).toMatchObject({ balance: 30 })

      // The webhook arrives after all: the same event (pi_…:paid), recorded once, credited once.
      const { payload, signature } = stripe.event(
        'payment_intent.succeeded',
        stripe.paymentIntents.get(intentId) ?? {},
      )
      const late = await app.inject({
        method: 'POST',
        url: paymentPaths.webhook('stripe'),
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      })
      expect(late.statusCode).toBe(200)
      await app.paymentEvents.idle()
      const events = await app.db
        .select()
        .from(gatewayEvents)
        .where(eq(gatewayEvents.eventId, `${intentId}:paid`))
      expect(events).toHaveLength(1)
      expect((await api.get('/api/client/wallet/', client)).json()).toMatchObject({ balance: 30 })
      // Settled: the checkout is not asked about again.
      const asked = stripe.requestsTo(`/v1/checkout/sessions/${session.id}`, 'GET').length
      await reconcileCheckouts(deps, at(10_000))
      expect(stripe.requestsTo(`/v1/checkout/sessions/${session.id}`, 'GET')).toHaveLength(asked)
    } finally {
      await app.close()
    }
  })

  it('marks the attempt failed when the page expired unpaid, and the order can be paid again', async () => {
    const app = await hostedApp()
    try {
      const deps = paymentDeps(app)
      const { api, client, orderId, session, order } = await hostedCheckout(app)
      stripe.checkoutSessions.set(session.id, { ...session, status: 'expired' })
      expect(await reconcileCheckouts(deps, at(31))).toBe(1)
      await app.paymentEvents.idle()
      expect(await order()).toMatchObject({
        status: 'failed',
        failure_reason: HOSTED_CHECKOUT_EXPIRED_REASON,
      })
      const again = await api.post(
        paymentPaths.stripeProcess,
        { amount: 3000, order_id: orderId, return_to: 'desktop' },
        client,
      )
      expect(again.statusCode).toBe(200)
      expect(await order()).toMatchObject({ gateway_reference: again.json().payment_intent_id })
    } finally {
      await app.close()
    }
  })
})

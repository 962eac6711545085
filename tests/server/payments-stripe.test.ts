import { createHmac, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { StripeGateway } from '../../server/adapters/payments/stripe'
import {
  createPayments,
  InvalidNotificationError,
  RefundRefusedError,
  type CheckoutRequest,
} from '../../server/adapters/payments'
import { PaymobGateway } from '../../server/adapters/payments/paymob'
import { loadConfig } from '../../server/config'
import { mailOutbox } from '../../server/db/schema'
import { paymentPaths } from '@/contract/payments'
import { receiptPath } from '@/contract/receipts'
import { registerClient, signIn, STAFF } from './helpers/auth'
import { requests } from './helpers/requests'
import { createTestApp } from './helpers/test-app'
import {
  AUTHENTICATION_REQUIRED,
  decodeStripeForm,
  DECLINED,
  FakeStripe,
  STRIPE,
  THREE_D_SECURE,
  VISA,
} from './helpers/fake-stripe'

const stripe = await new FakeStripe().start()
afterAll(() => stripe.stop())

const gateway = new StripeGateway({ ...STRIPE, apiUrl: stripe.url })
const customerRef = await gateway.createCustomer({
  userId: 5,
  email: 'client@example.com',
  firstName: 'Sara',
  lastName: 'Nabil',
  phone: '',
})

let attempt = 0
function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  attempt += 1
  return {
    order: { id: 77, description: 'Wallet top-up of $25.00' },
    amountMinor: 2500,
    currency: 'USD',
    customer: {
      userId: 5,
      email: 'client@example.com',
      firstName: 'Sara',
      lastName: 'Nabil',
      phone: '',
      customerRef,
    },
    returnUrls: {
      success: 'https://cypher.example/payment/success/77',
      failure: 'https://cypher.example/payment/fail/77',
    },
    attemptKey: `order-77-${attempt}`,
    saveCard: false,
    savedMethodRef: null,
    ...overrides,
  }
}

/** Stripe's signature scheme, by hand: v1 = HMAC-SHA256("t.payload") with the signing secret. */
const sign = (payload: string, t: number, secret = STRIPE.webhookSecret) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`

function deliver(payload: string, signature: string | undefined) {
  return gateway.parseNotification({
    rawBody: Buffer.from(payload),
    headers: signature === undefined ? {} : { 'stripe-signature': signature },
    query: {},
  })
}

const lastRequest = (path: string) => {
  const request = stripe.requestsTo(path, 'POST').at(-1)
  if (!request) throw new Error(`no request to ${path}`)
  return { ...request, form: decodeStripeForm(request.body.toString()) }
}

describe('Stripe customers and payment intents', () => {
  it('creates one customer per client, with an idempotency key and the client’s id', () => {
    const request = lastRequest('/v1/customers')
    expect(request.headers.authorization).toBe(`Bearer ${STRIPE.secretKey}`)
    expect(request.headers['idempotency-key']).toBe('customer-5')
    expect(request.form).toMatchObject({
      email: 'client@example.com',
      name: 'Sara Nabil',
      metadata: { user_id: '5' },
    })
  })

  it('creates a PaymentIntent in cents for our order and hands back its client secret', async () => {
    const request = checkout()
    const session = await gateway.createCheckout(request)
    const sent = lastRequest('/v1/payment_intents')
    expect(sent.headers['idempotency-key']).toBe(request.attemptKey)
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(sent.form).toMatchObject({
      amount: '2500',
      currency: 'usd',
      customer: customerRef,
      metadata: { order_id: '77', user_id: '5' },
      allowed_payment_method_types: ['card'],
    })
    expect(sent.form).not.toHaveProperty('setup_future_usage')
    expect(session).toMatchObject({ gatewayRef: expect.stringMatching(/^pi_/), url: null, immediate: null })
    expect(session.clientSecret).toBe(stripe.paymentIntents.get(session.gatewayRef)?.client_secret)
  })

  it('asks Stripe to save the card when the client wants it kept', async () => {
    await gateway.createCheckout(checkout({ saveCard: true }))
    expect(lastRequest('/v1/payment_intents').form).toMatchObject({ setup_future_usage: 'on_session' })
  })

  it('answers the same intent when a checkout attempt is retried', async () => {
    const request = checkout()
    const first = await gateway.createCheckout(request)
    const intents = stripe.paymentIntents.size
    const again = await gateway.createCheckout(request)
    expect(again.gatewayRef).toBe(first.gatewayRef)
    expect(stripe.paymentIntents.size).toBe(intents)
  })

  it('confirms at once with a saved card and reports success, a decline or a 3-D Secure step', async () => {
    const saved = stripe.createCard(VISA, customerRef)
    const paid = await gateway.createCheckout(checkout({ savedMethodRef: saved.id }))
    expect(lastRequest('/v1/payment_intents').form).toMatchObject({
      payment_method: saved.id,
      confirm: 'true',
    })
    expect(paid.immediate).toEqual({ status: 'succeeded', reason: null })

    const declined = await gateway.createCheckout(
      checkout({ savedMethodRef: stripe.createCard(DECLINED, customerRef).id }),
    )
    expect(declined.immediate).toEqual({ status: 'failed', reason: 'Your card was declined.' })

    const secure = await gateway.createCheckout(
      checkout({ savedMethodRef: stripe.createCard(THREE_D_SECURE, customerRef).id }),
    )
    expect(secure.immediate).toEqual({ status: 'requires_action', reason: null })
    expect(secure.clientSecret).toMatch(/_secret_/)
  })

  it('charges a saved card off-session for automatic renewals; one needing 3-D Secure is declined', async () => {
    const saved = stripe.createCard(VISA, customerRef)
    const paid = await gateway.createCheckout(checkout({ savedMethodRef: saved.id, offSession: true }))
    expect(lastRequest('/v1/payment_intents').form).toMatchObject({
      payment_method: saved.id,
      confirm: 'true',
      off_session: 'true',
    })
    expect(paid.immediate).toEqual({ status: 'succeeded', reason: null })
    const away = await gateway.createCheckout(
      checkout({ savedMethodRef: stripe.createCard(THREE_D_SECURE, customerRef).id, offSession: true }),
    )
    expect(away.immediate).toEqual({ status: 'failed', reason: AUTHENTICATION_REQUIRED })
  })

  it('starts adding a card with a SetupIntent for the customer', async () => {
    const setup = await gateway.startCardSetup({
      customerRef,
      userId: 5,
      makeDefault: true,
      returnUrls: { success: 'https://cypher.example/wallet', failure: 'https://cypher.example/wallet' },
    })
    expect(setup).toMatchObject({ setupRef: expect.stringMatching(/^seti_/), url: null })
    expect(setup.clientSecret).toBe(stripe.setupIntents.get(setup.setupRef)?.client_secret)
    expect(lastRequest('/v1/setup_intents').form).toMatchObject({
      customer: customerRef,
      metadata: { make_default: 'true' },
      allowed_payment_method_types: ['card'],
    })
  })

  it('detaches a removed card, and treats a card already gone as removed', async () => {
    const card = stripe.createCard(VISA, customerRef)
    await gateway.detachCard(card.id)
    expect(stripe.paymentMethods.get(card.id)?.customer).toBeNull()
    await expect(gateway.detachCard(card.id)).resolves.toBeUndefined()
    await expect(gateway.detachCard('pm_unknown')).resolves.toBeUndefined()
  })
})

describe('Stripe refunds', () => {
  it('refunds the payment intent with the Refunds API, keyed for retries; Stripe refuses a second one', async () => {
    const saved = stripe.createCard(VISA, customerRef)
    const paid = await gateway.createCheckout(checkout({ savedMethodRef: saved.id }))
    const request = {
      order: { id: 77 },
      gatewayRef: paid.gatewayRef,
      paymentRef: null,
      amountMinor: 2500,
      currency: 'USD' as const,
      reason: 'Paid twice',
      idempotencyKey: `refund-order-77-${attempt}`,
    }
    const refund = await gateway.refund(request)
    expect(refund.refundRef).toMatch(/^re_/)
    const call = stripe.requestsTo('/v1/refunds', 'POST').at(-1)
    expect(call?.headers['idempotency-key']).toBe(request.idempotencyKey)
    expect(decodeStripeForm(call?.body.toString() ?? '')).toMatchObject({
      payment_intent: paid.gatewayRef,
      amount: '2500',
      reason: 'requested_by_customer',
      metadata: { order_id: '77' },
    })
    // A retry with the same key is the same refund, not a second one, whatever reason staff gave then.
    expect((await gateway.refund({ ...request, reason: 'Retried' })).refundRef).toBe(refund.refundRef)
    await expect(gateway.refund({ ...request, idempotencyKey: 'another-key' })).rejects.toThrow(
      RefundRefusedError,
    )
    await expect(gateway.refund({ ...request, idempotencyKey: 'third-key' })).rejects.toThrow(
      /already been refunded/,
    )
  })

  it('refuses an intent that never succeeded', async () => {
    const session = await gateway.createCheckout(checkout())
    await expect(
      gateway.refund({
        order: { id: 77 },
        gatewayRef: session.gatewayRef,
        paymentRef: null,
        amountMinor: 2500,
        currency: 'USD',
        reason: 'x',
        idempotencyKey: `refund-${session.gatewayRef}`,
      }),
    ).rejects.toThrow(/does not have a successful charge/)
  })
})

describe('Stripe webhooks', () => {
  const now = () => Math.floor(Date.now() / 1000)

  it('accepts a genuinely signed payment_intent.succeeded, named by its intent as retrieving it answers', async () => {
    const session = await gateway.createCheckout(checkout({ saveCard: true }))
    expect(await gateway.checkStatus(session.gatewayRef)).toMatchObject({ outcome: 'pending' })
    const intent = stripe.confirmPaymentIntent(session.gatewayRef, VISA)
    const { payload } = stripe.event('payment_intent.succeeded', intent)
    const notification = await deliver(payload, sign(payload, now()))
    // Reconciliation retrieves the PaymentIntent: the same event, so whichever comes second is a duplicate.
    const reconciled = await gateway.checkStatus(session.gatewayRef)
    expect(reconciled).toMatchObject({
      eventId: `${session.gatewayRef}:paid`,
      outcome: 'paid',
      amountMinor: 2500,
      currency: 'USD',
    })
    expect(stripe.requestsTo(`/v1/payment_intents/${session.gatewayRef}`).at(-1)?.method).toBe('GET')
    expect(notification).toMatchObject({
      type: 'payment',
      eventId: `${session.gatewayRef}:paid`,
      orderId: 77,
      gatewayRef: session.gatewayRef,
      outcome: 'paid',
      amountMinor: 2500,
      currency: 'USD',
      savedCard: { brand: 'visa', lastFour: '4242', expMonth: 12, expYear: 2030, customerRef },
    })
  })

  it('refuses a tampered body, another secret, an old timestamp and a missing signature', async () => {
    const { payload } = stripe.event('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' })
    const header = sign(payload, now())
    await expect(deliver(payload.replace('pi_x', 'pi_y'), header)).rejects.toBeInstanceOf(
      InvalidNotificationError,
    )
    await expect(deliver(payload, sign(payload, now(), 'whsec_other'))).rejects.toBeInstanceOf(
      InvalidNotificationError,
    )
    await expect(deliver(payload, sign(payload, now() - 301))).rejects.toBeInstanceOf(
      InvalidNotificationError,
    )
    await expect(deliver(payload, undefined)).rejects.toBeInstanceOf(InvalidNotificationError)
  })

  it('reads failures, full refunds and saved cards; a partial refund is of no interest', async () => {
    const session = await gateway.createCheckout(checkout())
    const failed = stripe.event('payment_intent.payment_failed', {
      ...stripe.paymentIntents.get(session.gatewayRef),
      last_payment_error: { message: 'Your card has insufficient funds.' },
    })
    expect(await deliver(failed.payload, failed.signature)).toMatchObject({
      outcome: 'failed',
      reason: 'Your card has insufficient funds.',
    })

    const charge = {
      id: 'ch_1',
      object: 'charge',
      payment_intent: session.gatewayRef,
      currency: 'usd',
      metadata: { order_id: '77' },
    }
    const full = stripe.event('charge.refunded', { ...charge, refunded: true, amount_refunded: 2500 })
    expect(await deliver(full.payload, full.signature)).toMatchObject({
      outcome: 'refunded',
      orderId: 77,
      amountMinor: 2500,
    })
    const partial = stripe.event('charge.refunded', { ...charge, refunded: false, amount_refunded: 500 })
    expect(await deliver(partial.payload, partial.signature)).toMatchObject({ type: 'ignored' })

    const setup = await gateway.startCardSetup({
      customerRef,
      userId: 5,
      makeDefault: false,
      returnUrls: checkout().returnUrls,
    })
    const added = stripe.event('setup_intent.succeeded', stripe.confirmSetupIntent(setup.setupRef, VISA))
    expect(await deliver(added.payload, added.signature)).toMatchObject({
      type: 'card_saved',
      customerRef,
      makeDefault: false,
      // The card number's fingerprint: the same card saved again is recognised (issue 24).
      card: { brand: 'visa', lastFour: '4242', fingerprint: 'fp_visa_4242' },
    })

    const other = stripe.event('customer.updated', { id: customerRef, object: 'customer' })
    expect(await deliver(other.payload, other.signature)).toMatchObject({ type: 'ignored' })
  })
})

describe('createPayments', () => {
  it('uses the real Stripe and Paymob adapters when their keys are configured, and no sandbox then', () => {
    const payments = createPayments(
      loadConfig({
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_URL: stripe.url,
        PAYMOB_API_KEY: 'key',
        PAYMOB_INTEGRATION_ID: '1',
        PAYMOB_IFRAME_ID: '2',
        PAYMOB_HMAC_SECRET: 'hmac',
        FAWRY_MERCHANT_CODE: 'code',
        FAWRY_SECURE_KEY: 'key',
      }),
      // Every gateway is real: the sandbox (and so its database) is never built.
      { db: null as never, sandboxSecret: 's'.repeat(32), deliver: async () => ({ statusCode: 200 }) },
    )
    expect(payments.stripe).toBeInstanceOf(StripeGateway)
    expect(payments.gateway('paymob')).toBeInstanceOf(PaymobGateway)
    expect(payments.stripePublishableKey).toBe(STRIPE.publishableKey)
    expect(payments.sandbox).toBeNull()
  })
})

describe('a wallet top-up through the real Stripe adapter, end to end', () => {
  it('pays on the signed webhook: order paid, wallet credited, receipt issued and e-mailed', async () => {
    const app = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
    })
    try {
      const api = requests(app)
      const client = await registerClient(app)
      const created = await api.post(
        paymentPaths.orders,
        { kind: 'wallet_topup', amount: 20, idempotency_key: randomUUID() },
        client,
      )
      expect(created.statusCode).toBe(201)
      const orderId: number = created.json().id
      const processed = await api.post(
        paymentPaths.stripeProcess,
        { amount: 2000, order_id: orderId },
        client,
      )
      expect(processed.statusCode).toBe(200)
      const body = processed.json()
      expect(body).toMatchObject({
        sandbox: false,
        publishable_key: STRIPE.publishableKey,
        order_id: orderId,
      })
      const intent = stripe.paymentIntents.get(body.payment_intent_id)
      expect(intent).toMatchObject({ amount: 2000, currency: 'usd', metadata: { order_id: String(orderId) } })

      // The browser confirms with Stripe.js; Stripe then posts the signed event.
      const { payload, signature } = stripe.event(
        'payment_intent.succeeded',
        stripe.confirmPaymentIntent(body.payment_intent_id, VISA),
      )
      const webhook = await app.inject({
        method: 'POST',
        url: paymentPaths.webhook('stripe'),
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      })
      expect(webhook.statusCode).toBe(200)
      const tampered = await app.inject({
        method: 'POST',
        url: paymentPaths.webhook('stripe'),
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: payload.replace('"amount":2000', '"amount":1'),
      })
      expect(tampered.statusCode).toBe(400)
      // The webhook records the event and answers; a pass applies it right after.
      await app.paymentEvents.idle()

      expect((await api.get(paymentPaths.order(orderId), client)).json()).toMatchObject({ status: 'paid' })
      expect((await api.get('/api/client/wallet/', client)).json()).toMatchObject({ balance: 20 })
      const receipt = (await api.get(receiptPath(orderId), client)).json()
      expect(receipt).toMatchObject({
        total: 20,
        gateway: 'stripe',
        gateway_reference: body.payment_intent_id,
      })
      const [mail] = await app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, client.email), eq(mailOutbox.template, 'payment-receipt')))
      expect(mail?.subject).toContain(receipt.number)

      // Staff refund it: through Stripe's Refunds API; Stripe's charge.refunded that follows changes nothing.
      const staff = await signIn(app, STAFF)
      const refunded = await api.post(
        `/api/staff/orders/${orderId}/refund/`,
        { reason: 'Asked by the client' },
        staff,
      )
      expect(refunded.statusCode).toBe(200)
      expect(refunded.json()).toMatchObject({
        status: 'refunded',
        refund: { method: 'stripe', gateway_refund_reference: expect.stringMatching(/^re_/) },
      })
      expect(stripe.requestsTo('/v1/refunds', 'POST').at(-1)?.headers['idempotency-key']).toBe(
        `refund-order-${orderId}`,
      )
      const charge = {
        id: 'ch_e2e',
        object: 'charge',
        payment_intent: body.payment_intent_id,
        currency: 'usd',
      }
      const after = stripe.event('charge.refunded', {
        ...charge,
        metadata: { order_id: String(orderId) },
        refunded: true,
        amount_refunded: 2000,
      })
      const echoed = await app.inject({
        method: 'POST',
        url: paymentPaths.webhook('stripe'),
        headers: { 'content-type': 'application/json', 'stripe-signature': after.signature },
        payload: after.payload,
      })
      expect(echoed.statusCode).toBe(200)
      await app.paymentEvents.idle()
      const wallet = (await api.get('/api/client/wallet/', client)).json()
      expect(wallet.balance).toBe(0)
      expect(wallet.transactions.filter((t: { source: string }) => t.source === 'refund')).toHaveLength(1)

      // A refund made in Stripe's dashboard (only the webhook tells us) reverses the top-up as well.
      const second = await api.post(
        paymentPaths.orders,
        { kind: 'wallet_topup', amount: 15, idempotency_key: randomUUID() },
        client,
      )
      const secondId: number = second.json().id
      const started = (
        await api.post(paymentPaths.stripeProcess, { amount: 1500, order_id: secondId }, client)
      ).json()
      const succeeded = stripe.event(
        'payment_intent.succeeded',
        stripe.confirmPaymentIntent(started.payment_intent_id, VISA),
      )
      await app.inject({
        method: 'POST',
        url: paymentPaths.webhook('stripe'),
        headers: { 'content-type': 'application/json', 'stripe-signature': succeeded.signature },
        payload: succeeded.payload,
      })
      await app.paymentEvents.idle()
      expect((await api.get('/api/client/wallet/', client)).json().balance).toBe(15)
      const dashboard = stripe.event('charge.refunded', {
        ...charge,
        id: 'ch_dashboard',
        payment_intent: started.payment_intent_id,
        metadata: { order_id: String(secondId) },
        refunded: true,
        amount_refunded: 1500,
      })
      await app.inject({
        method: 'POST',
        url: paymentPaths.webhook('stripe'),
        headers: { 'content-type': 'application/json', 'stripe-signature': dashboard.signature },
        payload: dashboard.payload,
      })
      await app.paymentEvents.idle()
      expect((await api.get(paymentPaths.order(secondId), client)).json().status).toBe('refunded')
      expect((await api.get('/api/client/wallet/', client)).json().balance).toBe(0)
    } finally {
      await app.close()
    }
  }, 90_000)
})

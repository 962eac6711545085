import { createHmac, randomUUID } from 'node:crypto'
import { and, desc, eq, like } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { SANDBOX_CARDS } from '../../server/adapters/payments'
import {
  auditLog,
  checkoutAttempts,
  extraPayments,
  gatewayEvents,
  mailOutbox,
  orders,
  walletEntries,
} from '../../server/db/schema'
import { registerClient, signIn, STAFF, type SignedIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { createTestApp, openTestApp, TEST_JWT_SECRET } from './helpers/test-app'

const app = await openTestApp({
  jobTiming: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 5 },
})
const api = requests(app)

async function topupOrder(who: SignedIn, amount = 25, key = randomUUID()) {
  const response = await api.post(
    '/api/payments/orders/',
    { kind: 'wallet_topup', amount, idempotency_key: key },
    who,
  )
  expect(response.statusCode).toBe(201)
  return response.json() as { id: number; amount: number; status: string }
}

/** Starts a card checkout in the sandbox and answers the hosted page's path. */
async function stripeCheckout(who: SignedIn, order: { id: number; amount: number }) {
  const response = await api.post(
    '/api/payments/stripe/process/temp_order/',
    { amount: Math.round(order.amount * 100), currency: 'usd', order_id: order.id },
    who,
  )
  expect(response.statusCode).toBe(200)
  const body = response.json()
  expect(body.sandbox).toBe(true)
  const url = new URL(body.checkout_url)
  return `${url.pathname}${url.search}`
}

function payOnPage(path: string, card: string) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      card_number: card,
      exp_month: '12',
      exp_year: String(new Date().getUTCFullYear() + 1),
      cvc: '123',
    }).toString(),
  })
}

describe('orders', () => {
  it('a repeated create with the same idempotency key answers the same order', async () => {
    const who = await registerClient(app)
    const key = randomUUID()
    const first = await api.post(
      '/api/payments/orders/',
      { kind: 'wallet_topup', amount: 40, idempotency_key: key },
      who,
    )
    const second = await api.post(
      '/api/payments/orders/',
      { kind: 'wallet_topup', amount: 40, idempotency_key: key },
      who,
    )
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(200)
    expect(second.json().id).toBe(first.json().id)
    expect(first.json()).toMatchObject({
      amount: 40,
      currency: 'USD',
      status: 'pending',
      kind: 'wallet_topup',
    })
  })

  it('another client reads a 404 for an order that is not theirs', async () => {
    const owner = await registerClient(app)
    const other = await registerClient(app)
    const order = await topupOrder(owner)
    expect((await api.get(`/api/payments/orders/${order.id}/`, owner)).statusCode).toBe(200)
    expect((await api.get(`/api/payments/orders/${order.id}/`, other)).statusCode).toBe(404)
  })
})

describe('sandbox card checkout', () => {
  it('the succeeding test card pays the order and credits the wallet once', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 25)
    const page = await stripeCheckout(who, order)
    expect((await app.inject({ url: page })).statusCode).toBe(200)
    const paid = await payOnPage(page, SANDBOX_CARDS.succeeds)
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toContain(`/payment/success/${order.id}`)
    const status = (await api.get(`/api/payments/orders/${order.id}/`, who)).json()
    expect(status).toMatchObject({ status: 'paid', fulfilled: true, gateway: 'stripe' })
    const wallet = (await api.get('/api/client/wallet/', who)).json()
    expect(wallet.balance).toBe(25)
    expect(wallet.transactions).toHaveLength(1)
  })

  it('the declined test card fails the order and lands on the failure page', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 10)
    const page = await stripeCheckout(who, order)
    const declined = await payOnPage(page, SANDBOX_CARDS.declined)
    expect(declined.headers.location).toContain(`/payment/fail/${order.id}`)
    const status = (await api.get(`/api/payments/orders/${order.id}/`, who)).json()
    expect(status).toMatchObject({ status: 'failed', failure_reason: 'Your card was declined.' })
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(0)
  })
})

describe('fulfilment retries', () => {
  it('a paid order whose fulfilment fails stays paid and is fulfilled by a retry', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 7)
    let failures = 2
    const real = app.orderHooks
    const original = (real as unknown as { fulfillers: Map<string, unknown> }).fulfillers.get('wallet_topup')
    real.registerFulfiller('wallet_topup', async (tx, row, context) => {
      if (failures-- > 0) throw new Error('registry down')
      await (original as typeof original & ((...a: unknown[]) => Promise<void>))(tx, row, context)
    })
    try {
      const page = await stripeCheckout(who, order)
      await payOnPage(page, SANDBOX_CARDS.succeeds)
      expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('paid')
      await vi.waitFor(
        async () =>
          expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().fulfilled).toBe(true),
        { timeout: 20_000, interval: 250 },
      )
      expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(7)
      const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id))
      expect(row).toMatchObject({ fulfilmentStatus: 'done', fulfilmentAttempts: 3, fulfilmentError: null })
    } finally {
      real.registerFulfiller('wallet_topup', original as never)
    }
  }, 30_000)
})

/** What a pass did with a recorded event. */
async function eventResult(gateway: 'stripe' | 'paymob' | 'fawry', eventId: string) {
  const [row] = await app.db
    .select({ result: gatewayEvents.result })
    .from(gatewayEvents)
    .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, eventId)))
  return row?.result
}

/** A sandbox notification signed the way the sandbox documents it, computed here independently. */
function signedNotification(
  gateway: string,
  event: object,
  options: { timestamp?: number; secret?: string } = {},
) {
  const payload = JSON.stringify(event)
  const secret =
    options.secret ?? createHmac('sha256', TEST_JWT_SECRET).update('payments-sandbox').digest('hex')
  const t = options.timestamp ?? Math.floor(Date.now() / 1000)
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')
  return app.inject({
    method: 'POST',
    url: `/api/payments/${gateway}/webhook/`,
    headers: { 'content-type': 'application/json', 'sandbox-signature': `t=${t},v1=${v1}` },
    payload,
  })
}

/** A checkout started through the API, as its notifications must name it. */
interface Checkout {
  id: number
  ref: string
  amountMinor: number
  currency: string
}

/** Starts a checkout of the order at the gateway (sandbox) and answers what the gateway signs of it. */
async function openCheckout(
  who: SignedIn,
  order: { id: number; amount: number },
  gateway: 'stripe' | 'paymob' | 'fawry' = 'stripe',
): Promise<Checkout> {
  const response =
    gateway === 'stripe'
      ? await api.post(
          '/api/payments/stripe/process/temp_order/',
          { amount: Math.round(order.amount * 100), currency: 'usd', order_id: order.id },
          who,
        )
      : await api.post(`/api/payments/${gateway}/process/${order.id}/`, { currency: 'EGP' }, who)
  expect(response.statusCode).toBe(200)
  const [attempt] = await app.db
    .select()
    .from(checkoutAttempts)
    .where(eq(checkoutAttempts.orderId, order.id))
    .orderBy(desc(checkoutAttempts.id))
    .limit(1)
  if (!attempt) throw new Error('no checkout recorded')
  return {
    id: order.id,
    ref: attempt.gatewayRef,
    amountMinor: attempt.chargeAmountMinor,
    currency: attempt.chargeCurrency,
  }
}

function paymentEvent(
  checkout: Checkout,
  type: 'payment.succeeded' | 'payment.failed',
  overrides: {
    id?: string
    created?: number
    order_id?: number
    amount_minor?: number
    currency?: string
  } = {},
) {
  return {
    id: overrides.id ?? `evt_test_${randomUUID()}`,
    type,
    created: overrides.created ?? Math.floor(Date.now() / 1000),
    data: {
      order_id: overrides.order_id ?? checkout.id,
      gateway_ref: checkout.ref,
      amount_minor: overrides.amount_minor ?? checkout.amountMinor,
      currency: overrides.currency ?? checkout.currency,
      reason: type === 'payment.failed' ? 'Your card was declined.' : null,
      customer_ref: null,
      make_default: false,
      card: null,
    },
  }
}

describe('gateway notifications', () => {
  it('refuses a tampered body, a wrong secret and a stale timestamp without touching the order', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 12)
    const event = paymentEvent(await openCheckout(who, order), 'payment.succeeded')
    const wrongSecret = await signedNotification('stripe', event, { secret: 'not-the-secret' })
    expect(wrongSecret.statusCode).toBe(400)
    const stale = await signedNotification('stripe', event, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    })
    expect(stale.statusCode).toBe(400)
    const t = Math.floor(Date.now() / 1000)
    const secret = createHmac('sha256', TEST_JWT_SECRET).update('payments-sandbox').digest('hex')
    const genuine = JSON.stringify(event)
    const v1 = createHmac('sha256', secret).update(`${t}.${genuine}`).digest('hex')
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'sandbox-signature': `t=${t},v1=${v1}` },
      payload: genuine.replace(`"order_id":${order.id}`, `"order_id":${order.id + 1}`),
    })
    expect(tampered.statusCode).toBe(400)
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: genuine,
    })
    expect(unsigned.statusCode).toBe(400)
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('pending')
  })

  it('a redelivered event is a duplicate and credits nothing twice', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 15)
    const event = paymentEvent(await openCheckout(who, order), 'payment.succeeded')
    expect((await signedNotification('stripe', event)).json().result).toBe('recorded')
    expect((await signedNotification('stripe', event)).json().result).toBe('duplicate')
    await app.paymentEvents.idle()
    expect(await eventResult('stripe', event.id)).toBe('applied')
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(15)
  })

  it('a decline that arrives after the success is ignored', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 9)
    const checkout = await openCheckout(who, order, 'paymob')
    const now = Math.floor(Date.now() / 1000)
    await signedNotification('paymob', paymentEvent(checkout, 'payment.succeeded', { created: now }))
    const lateEvent = paymentEvent(checkout, 'payment.failed', {
      created: now - 60,
      id: `evt_late_${order.id}`,
    })
    expect((await signedNotification('paymob', lateEvent)).json().result).toBe('recorded')
    await app.paymentEvents.idle()
    expect(await eventResult('paymob', lateEvent.id)).toBe('ignored')
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json()).toMatchObject({ status: 'paid' })
  })

  it('an older decline that arrives after a newer one is ignored, and a later success still pays', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 6)
    const checkout = await openCheckout(who, order, 'fawry')
    const now = Math.floor(Date.now() / 1000)
    await signedNotification('fawry', paymentEvent(checkout, 'payment.failed', { created: now }))
    await app.paymentEvents.idle()
    const olderEvent = paymentEvent(checkout, 'payment.failed', { created: now - 30 })
    await signedNotification('fawry', olderEvent)
    await app.paymentEvents.idle()
    expect(await eventResult('fawry', olderEvent.id)).toBe('ignored')
    await signedNotification('fawry', paymentEvent(checkout, 'payment.succeeded', { created: now + 5 }))
    await app.paymentEvents.idle()
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('paid')
  })

  it('20 concurrent notifications for one order fulfil it once', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 20)
    const checkout = await openCheckout(who, order)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signedNotification(
          'stripe',
          paymentEvent(checkout, 'payment.succeeded', { id: `evt_burst_${order.id}_${i % 4}` }),
        ),
      ),
    )
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    // Four distinct event ids: each recorded once, the other 16 deliveries are duplicates.
    expect(answers.filter((a) => a.json().result === 'recorded')).toHaveLength(4)
    await app.paymentEvents.idle()
    const results = await app.db
      .select({ result: gatewayEvents.result })
      .from(gatewayEvents)
      .where(like(gatewayEvents.eventId, `evt_burst_${order.id}_%`))
    expect(results.map((r) => r.result).sort()).toEqual(['applied', 'ignored', 'ignored', 'ignored'])
    const wallet = (await api.get('/api/client/wallet/', who)).json()
    expect(wallet.balance).toBe(20)
    expect(wallet.transactions).toHaveLength(1)
  })
})

describe('Paymob and Fawry in the sandbox', () => {
  it('Paymob answers an iframe URL charging EGP at the configured rate; its page pays the order', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 10)
    const response = await api.post(
      `/api/payments/paymob/process/${order.id}/`,
      { order_id: order.id, amount: 300, currency: 'EGP' },
      who,
    )
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({
      success: true,
      charge: { amount: 300, currency: 'EGP', rate: 30 },
      sandbox: true,
    })
    expect(body.iframe_url).toBe(body.payment_url)
    const url = new URL(body.iframe_url)
    const page = await app.inject({ url: `${url.pathname}${url.search}` })
    expect(page.body).toContain('300.00 EGP')
    await payOnPage(`${url.pathname}${url.search}`, SANDBOX_CARDS.succeeds)
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json()).toMatchObject({
      status: 'paid',
      gateway: 'paymob',
    })
  })

  it('Fawry answers a redirect URL and a reference number; the extra confirmation step completes it', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 5)
    const response = await api.post(`/api/payments/fawry/process/${order.id}/`, { currency: 'EGP' }, who)
    const body = response.json()
    expect(body).toMatchObject({ success: true, charge: { amount: 150, currency: 'EGP' } })
    expect(body.reference_number).toMatch(/^\d{12}$/)
    const url = new URL(body.redirect_url)
    const step = await payOnPage(`${url.pathname}${url.search}`, SANDBOX_CARDS.authenticate)
    expect(step.statusCode).toBe(200)
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('pending')
    const form = Object.fromEntries(
      [...step.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1],
        m[2],
      ]),
    )
    const action = /<form method="post" action="([^"]+)"/.exec(step.body)?.[1]?.replaceAll('&#38;', '&') ?? ''
    const done = await app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...form, action: 'complete' }).toString(),
    })
    expect(done.statusCode).toBe(303)
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('paid')
  })

  it('a checkout for an amount other than the order is refused', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 10)
    const response = await api.post(
      '/api/payments/stripe/process/temp_order/',
      { amount: 100, currency: 'usd', order_id: order.id },
      who,
    )
    expect(response.statusCode).toBe(400)
    const missing = await api.post(
      '/api/payments/stripe/process/temp_order/',
      { amount: 1000, currency: 'usd' },
      who,
    )
    expect(missing.json().detail).toBe('Order data not found')
  })
})

describe('a public server without sandbox pages', () => {
  it('refuses to start a sandbox checkout it could not show', async () => {
    const open = await createTestApp({ env: { HOST: '0.0.0.0' } })
    try {
      const who = await registerClient(open)
      const created = await requests(open).post(
        '/api/payments/orders/',
        { kind: 'wallet_topup', amount: 10, idempotency_key: randomUUID() },
        who,
      )
      const order = created.json()
      const answer = await requests(open).post(
        `/api/payments/paymob/process/${order.id}/`,
        { currency: 'EGP' },
        who,
      )
      expect(answer.statusCode).toBe(503)
      expect(answer.json().detail).toBe('Payments are not available on this server.')
      expect((await open.inject({ url: '/sandbox/payments/checkout?s=x' })).statusCode).toBe(404)
    } finally {
      await open.close()
    }
  })
})

describe('a notification pays only the checkout it was made for', () => {
  async function rejection(gateway: string, eventId: string) {
    const [row] = await app.db
      .select({ result: gatewayEvents.result, reason: gatewayEvents.reason, orderId: gatewayEvents.orderId })
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.gateway, gateway as 'stripe'), eq(gatewayEvents.eventId, eventId)))
    const audit = await app.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'payment.notification_rejected'), like(auditLog.summary, `%${eventId}%`)),
      )
    return { ...row, audited: audit.length }
  }

  it('an EGP notification for a USD checkout pays nothing; it is rejected, audited and shown to staff', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 80)
    const checkout = await openCheckout(who, order)
    const event = paymentEvent(checkout, 'payment.succeeded', { currency: 'EGP', amount_minor: 10_000 })
    expect((await signedNotification('stripe', event)).json().result).toBe('recorded')
    await app.paymentEvents.idle()
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('pending')
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(0)
    expect(await rejection('stripe', event.id)).toEqual({
      result: 'rejected',
      reason: "Currency EGP differs from the checkout's USD.",
      orderId: order.id,
      audited: 1,
    })
    const staff = await signIn(app, STAFF)
    const detail = (await api.get(`/api/staff/orders/${order.id}/`, staff)).json()
    expect(detail.events).toEqual([
      expect.objectContaining({
        event_id: event.id,
        result: 'rejected',
        reason: expect.stringMatching(/EGP/),
      }),
    ])
  })

  it('a €0.01 event for a $40 checkout pays nothing', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 40)
    const checkout = await openCheckout(who, order)
    const event = paymentEvent(checkout, 'payment.succeeded', { currency: 'EUR', amount_minor: 1 })
    await signedNotification('stripe', event)
    await app.paymentEvents.idle()
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('pending')
    expect((await rejection('stripe', event.id)).result).toBe('rejected')
    // The same currency with another amount is refused too.
    const cheap = paymentEvent(checkout, 'payment.succeeded', { amount_minor: 1 })
    await signedNotification('stripe', cheap)
    await app.paymentEvents.idle()
    expect(await rejection('stripe', cheap.id)).toMatchObject({
      result: 'rejected',
      reason: "Amount 0.01 USD differs from the checkout's 40.00 USD.",
    })
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(0)
  })

  it('an order id that names another order changes nothing: the checkout decides', async () => {
    const who = await registerClient(app)
    const small = await topupOrder(who, 1)
    const big = await topupOrder(who, 5000)
    const event = paymentEvent(await openCheckout(who, small), 'payment.succeeded', { order_id: big.id })
    await signedNotification('stripe', event)
    await app.paymentEvents.idle()
    expect((await api.get(`/api/payments/orders/${big.id}/`, who)).json().status).toBe('pending')
    expect((await api.get(`/api/payments/orders/${small.id}/`, who)).json().status).toBe('paid')
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(1)
  })

  it('a notification naming no checkout started here is rejected once its grace has passed', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(who, 7)
    const event = paymentEvent(
      { id: order.id, ref: 'pi_sandbox_never', amountMinor: 700, currency: 'USD' },
      'payment.succeeded',
    )
    await signedNotification('stripe', event)
    await app.paymentEvents.idle()
    const [row] = await app.db.select().from(gatewayEvents).where(eq(gatewayEvents.eventId, event.id))
    expect(row?.result).toBe('pending')
    if (!row) throw new Error('not recorded')
    const { applyEvent, UNBOUND_GRACE_MS } = await import('../../server/modules/payments/service')
    const { paymentDeps } = await import('../../server/modules/payments')
    expect(await applyEvent(paymentDeps(app), row, new Date(Date.now() + UNBOUND_GRACE_MS + 1000))).toBe(
      'rejected',
    )
    expect((await rejection('stripe', event.id)).audited).toBe(1)
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('pending')
  })
})

describe('one order, one payment', () => {
  async function fundedClient(amount: number) {
    const who = await registerClient(app)
    const topup = await topupOrder(who, amount)
    await signedNotification('stripe', paymentEvent(await openCheckout(who, topup), 'payment.succeeded'))
    await app.paymentEvents.idle()
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(amount)
    return who
  }

  it('refuses to start a checkout for an order already paid from the wallet', async () => {
    const who = await fundedClient(50)
    const order = await topupOrder(who, 10)
    await app.db.update(orders).set({ kind: 'app_package' }).where(eq(orders.id, order.id))
    const paid = await api.post(`/api/payments/orders/${order.id}/pay-with-wallet/`, {}, who)
    expect(paid.statusCode).toBe(200)
    const again = await api.post(
      '/api/payments/stripe/process/temp_order/',
      { amount: 1000, currency: 'usd', order_id: order.id },
      who,
    )
    expect(again.statusCode).toBe(400)
  })

  it('a card payment arriving after the wallet paid is refunded through its gateway once, even sent 10 times together', async () => {
    const who = await fundedClient(50)
    const order = await topupOrder(who, 30)
    // An app order (top-ups cannot be paid from the wallet) with a card checkout already open.
    await app.db.update(orders).set({ kind: 'app_package' }).where(eq(orders.id, order.id))
    app.orderHooks.registerFulfiller('app_package', async () => {})
    const checkout = await openCheckout(who, order)
    expect((await api.post(`/api/payments/orders/${order.id}/pay-with-wallet/`, {}, who)).statusCode).toBe(
      200,
    )
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signedNotification(
          'stripe',
          paymentEvent(checkout, 'payment.succeeded', { id: `evt_twice_${order.id}_${i}` }),
        ),
      ),
    )
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    await app.paymentEvents.idle()
    const extras = await app.db.select().from(extraPayments).where(eq(extraPayments.orderId, order.id))
    expect(extras).toHaveLength(1)
    expect(extras[0]).toMatchObject({ status: 'refunded', gatewayRef: checkout.ref, chargeAmountMinor: 3000 })
    expect(extras[0]?.gatewayRefundRef).toMatch(/^re_sandbox_/)
    const ledger = await app.db.select().from(walletEntries).where(eq(walletEntries.orderId, order.id))
    // The wallet payment, then the second payment in and straight back out.
    expect(ledger.map((e) => [e.transactionType, e.amountMinor])).toEqual([
      ['payment', -3000],
      ['deposit', 3000],
      ['withdrawal', -3000],
    ])
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(20)
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'payment-duplicate-refunded'))
    expect(mails.filter((m) => m.subject.includes(`#${order.id}`))).toHaveLength(1)
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.extra_refund'), eq(auditLog.entityId, order.id)))
    expect(audits).toHaveLength(1)
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json()).toMatchObject({
      status: 'paid',
      gateway: 'wallet',
    })
  })

  it('a wallet payment and a card payment racing for one order end with one payment, and a refund of any second', async () => {
    const who = await fundedClient(40)
    const order = await topupOrder(who, 25)
    await app.db.update(orders).set({ kind: 'app_package' }).where(eq(orders.id, order.id))
    app.orderHooks.registerFulfiller('app_package', async () => {})
    const path = await stripeCheckout(who, order)
    const [wallet, card] = await Promise.all([
      api.post(`/api/payments/orders/${order.id}/pay-with-wallet/`, {}, who),
      payOnPage(path, SANDBOX_CARDS.succeeds),
    ])
    expect(card.statusCode).toBe(303)
    await app.paymentEvents.idle()
    const paid = (await api.get(`/api/payments/orders/${order.id}/`, who)).json()
    expect(paid.status).toBe('paid')
    const extras = await app.db.select().from(extraPayments).where(eq(extraPayments.orderId, order.id))
    const balance = (await api.get('/api/client/wallet/', who)).json().balance
    if (wallet.statusCode === 200) {
      // The wallet won: the card's money went back.
      expect(paid.gateway).toBe('wallet')
      expect(extras.map((x) => x.status)).toEqual(['refunded'])
      expect(balance).toBe(15)
    } else {
      // The card won: the wallet was refused and kept its money.
      expect(paid.gateway).toBe('stripe')
      expect(extras).toHaveLength(0)
      expect(balance).toBe(40)
    }
  })
})

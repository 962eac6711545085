import { createHmac, randomUUID } from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../server/db/client'
import { checkoutAttempts, gatewayEvents, orders, receipts, walletEntries } from '../../server/db/schema'
import { paymentDeps } from '../../server/modules/payments'
import * as repo from '../../server/modules/payments/repository'
import {
  applyPendingEventBatch,
  applyPendingEvents,
  EVENT_LEASE_MS,
} from '../../server/modules/payments/service'
import { registerClient, type SignedIn } from './helpers/auth'
import { FakeFawry, FAWRY } from './helpers/fake-fawry'
import { FakePaymob, PAYMOB } from './helpers/fake-paymob'
import { requests } from './helpers/requests'
import { createTestApp, openTestApp, openTestDatabase, TEST_JWT_SECRET } from './helpers/test-app'

/**
 * The webhook records a verified notification in one statement and answers; passes apply recorded
 * events after that answer (ARCHITECTURE §5; docs/decisions/payments.md, "Gateway notifications
 * answered before fulfilment"). These tests hold the guarantees of that split: exactly once, nothing
 * lost between the answer and the pass, and nothing recorded for a notification that fails its
 * signature check.
 */
const paymob = await new FakePaymob().start()
const fawry = await new FakeFawry().start()
afterAll(async () => {
  await paymob.stop()
  await fawry.stop()
})

const app = await openTestApp({
  env: {
    PAYMOB_API_KEY: PAYMOB.apiKey,
    PAYMOB_INTEGRATION_ID: String(PAYMOB.integrationId),
    PAYMOB_IFRAME_ID: String(PAYMOB.iframeId),
    PAYMOB_HMAC_SECRET: PAYMOB.hmacSecret,
    PAYMOB_API_URL: paymob.url,
    FAWRY_MERCHANT_CODE: FAWRY.merchantCode,
    FAWRY_SECURE_KEY: FAWRY.secureKey,
    FAWRY_API_URL: fawry.url,
  },
})
const api = requests(app)

async function topupOrder(target: FastifyInstance, who: SignedIn, amount: number) {
  const response = await requests(target).post(
    '/api/payments/orders/',
    { kind: 'wallet_topup', amount, idempotency_key: randomUUID() },
    who,
  )
  expect(response.statusCode).toBe(201)
  return response.json() as { id: number; amount: number }
}

/** The order's card checkout as the sandbox would have recorded it (one per order here). */
async function sandboxCheckout(target: FastifyInstance, orderId: number) {
  const [order] = await target.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw new Error(`no order ${orderId}`)
  const ref = `pi_sandbox_events_${orderId}`
  await target.db
    .insert(checkoutAttempts)
    .values({
      orderId,
      gateway: 'stripe',
      gatewayRef: ref,
      chargeAmountMinor: order.amountMinor,
      chargeCurrency: 'USD',
    })
    .onConflictDoNothing()
  return { ref, amountMinor: order.amountMinor }
}

/** A sandbox card notification (Stripe's route) for the order's checkout, signed as the sandbox documents it. */
async function sandboxNotification(
  target: FastifyInstance,
  orderId: number,
  eventId: string,
  tamper = false,
) {
  const checkout = await sandboxCheckout(target, orderId)
  const payload = JSON.stringify({
    id: eventId,
    type: 'payment.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      order_id: orderId,
      gateway_ref: checkout.ref,
      amount_minor: checkout.amountMinor,
      currency: 'USD',
      reason: null,
      customer_ref: null,
      make_default: false,
      card: null,
    },
  })
  const secret = createHmac('sha256', TEST_JWT_SECRET).update('payments-sandbox').digest('hex')
  const t = Math.floor(Date.now() / 1000)
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')
  return target.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'sandbox-signature': `t=${t},v1=${v1}` },
    payload: tamper ? payload.replace('"order_id":', '"order_id":1') : payload,
  })
}

/** What the order's payment left behind: ledger entries, receipts and the order itself. */
async function paidState(target: FastifyInstance, orderId: number) {
  const [order] = await target.db.select().from(orders).where(eq(orders.id, orderId))
  const ledger = await target.db.select().from(walletEntries).where(eq(walletEntries.orderId, orderId))
  const issued = await target.db.select().from(receipts).where(eq(receipts.orderId, orderId))
  return {
    status: order?.status,
    fulfilled: order?.fulfilmentStatus,
    ledger: ledger.length,
    receipts: issued.length,
  }
}

async function eventsLike(target: FastifyInstance, pattern: string) {
  return target.db
    .select({ result: gatewayEvents.result, orderId: gatewayEvents.orderId })
    .from(gatewayEvents)
    .where(like(gatewayEvents.eventId, pattern))
}

describe('exactly once', () => {
  it('a burst of duplicated and distinct notifications, applied by racing passes, fulfils the order once', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(app, who, 30)
    const deps = paymentDeps(app)
    // 24 deliveries of 6 distinct events, while three passes (as on three instances) run alongside.
    const [answers] = await Promise.all([
      Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          sandboxNotification(app, order.id, `evt_race_${order.id}_${i % 6}`),
        ),
      ),
      applyPendingEvents(deps),
      applyPendingEvents(deps),
      applyPendingEvents(deps),
    ])
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    const results = answers.map((a) => a.json().result as string)
    expect(results.filter((r) => r === 'recorded')).toHaveLength(6)
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(18)
    await Promise.all([applyPendingEvents(deps), applyPendingEvents(deps), app.paymentEvents.idle()])
    const events = await eventsLike(app, `evt_race_${order.id}_%`)
    expect(events).toHaveLength(6)
    expect(events.filter((e) => e.result === 'applied')).toHaveLength(1)
    expect(events.filter((e) => e.result === 'ignored')).toHaveLength(5)
    expect(await paidState(app, order.id)).toEqual({
      status: 'paid',
      fulfilled: 'done',
      ledger: 1,
      receipts: 1,
    })
    const wallet = (await api.get('/api/client/wallet/', who)).json()
    expect(wallet.balance).toBe(30)
  })

  it('an event a pass claimed and never applied (the pass died) is applied once its claim runs out', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(app, who, 8)
    const deps = paymentDeps(app)
    const eventId = `evt_claimed_${order.id}`
    // This app's own passes stop here (later tests run explicit passes), so only this test's passes run.
    await app.paymentEvents.stop()
    expect((await sandboxNotification(app, order.id, eventId)).json().result).toBe('recorded')
    const now = new Date()
    const held = await repo.claimPendingEvents(app.db, now, new Date(now.getTime() + EVENT_LEASE_MS), 50)
    expect(held.map((e) => e.eventId)).toContain(eventId)
    // While the claim holds, other passes leave it alone.
    await applyPendingEventBatch(deps)
    expect((await paidState(app, order.id)).status).toBe('pending')
    // After the claim's lease, the next pass (the minute sweep on any instance) applies it.
    await applyPendingEventBatch(deps, new Date(now.getTime() + EVENT_LEASE_MS + 1000))
    expect(await paidState(app, order.id)).toEqual({
      status: 'paid',
      fulfilled: 'done',
      ledger: 1,
      receipts: 1,
    })
    const [event] = await eventsLike(app, eventId)
    expect(event).toEqual({ result: 'applied', orderId: order.id })
  })
})

describe('an instance that stops between the answer and the pass', () => {
  it('loses nothing: the event was recorded, and the next instance applies it once', async () => {
    const database = await openTestDatabase()
    const shared: DatabaseHandle = { ...database, close: async () => {} }
    try {
      const first = await createTestApp({ database: shared })
      const who = await registerClient(first)
      const order = await topupOrder(first, who, 12)
      // The crash: this instance answers the gateway and dies before any pass of its own runs.
      await first.paymentEvents.stop()
      const answer = await sandboxNotification(first, order.id, `evt_crash_${order.id}`)
      expect(answer.statusCode).toBe(200)
      expect(answer.json().result).toBe('recorded')
      expect(await eventsLike(first, `evt_crash_${order.id}`)).toEqual([{ result: 'pending', orderId: null }])
      expect((await paidState(first, order.id)).status).toBe('pending')
      await first.close()

      // The next instance: its start-up pass (or the minute sweep) applies the recorded event.
      const second = await createTestApp({ database: shared })
      try {
        await second.paymentEvents.idle()
        await applyPendingEvents(paymentDeps(second))
        expect(await paidState(second, order.id)).toEqual({
          status: 'paid',
          fulfilled: 'done',
          ledger: 1,
          receipts: 1,
        })
        // The gateway retries the same event (our answer was lost with the instance): still once.
        expect((await sandboxNotification(second, order.id, `evt_crash_${order.id}`)).json().result).toBe(
          'duplicate',
        )
        await second.paymentEvents.idle()
        expect((await paidState(second, order.id)).ledger).toBe(1)
      } finally {
        await second.close()
      }
    } finally {
      await database.close()
    }
  })
})

describe('invalid signatures', () => {
  async function eventCount() {
    return (await app.db.select({ id: gatewayEvents.id }).from(gatewayEvents)).length
  }

  it('a tampered sandbox (card) notification is refused with 400 and nothing is recorded', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(app, who, 5)
    const before = await eventCount()
    const refused = await sandboxNotification(app, order.id, `evt_tampered_${order.id}`, true)
    expect(refused.statusCode).toBe(400)
    expect(await eventCount()).toBe(before)
  })

  it('Paymob: a callback with a wrong HMAC is refused with 400 and nothing recorded; the genuine one pays', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(app, who, 10)
    const started = await api.post(
      `/api/payments/paymob/process/${order.id}/`,
      { order_id: order.id, amount: 300, currency: 'EGP' },
      who,
    )
    expect(started.statusCode).toBe(200)
    const ref = (await api.get(`/api/payments/orders/${order.id}/`, who)).json().gateway_reference
    const { body, hmac } = paymob.transactionCallback(Number(ref))
    const post = (query: string) =>
      app.inject({
        method: 'POST',
        url: `/api/payments/paymob/webhook/?hmac=${query}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
    const before = await eventCount()
    const wrong = createHmac('sha512', 'not-the-secret').update('x').digest('hex')
    expect((await post(wrong)).statusCode).toBe(400)
    expect(await eventCount()).toBe(before)
    const genuine = await post(hmac)
    expect(genuine.statusCode).toBe(200)
    expect(genuine.json().result).toBe('recorded')
    await applyPendingEvents(paymentDeps(app))
    expect(await paidState(app, order.id)).toEqual({
      status: 'paid',
      fulfilled: 'done',
      ledger: 1,
      receipts: 1,
    })
  })

  it('Fawry: a notification with a wrong signature is refused with 400 and nothing recorded; the genuine one pays', async () => {
    const who = await registerClient(app)
    const order = await topupOrder(app, who, 4)
    const started = await api.post(`/api/payments/fawry/process/${order.id}/`, { currency: 'EGP' }, who)
    expect(started.statusCode).toBe(200)
    const ref = (await api.get(`/api/payments/orders/${order.id}/`, who)).json().gateway_reference
    const body = fawry.notification(ref, 'PAID')
    const post = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/fawry/webhook/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      })
    const before = await eventCount()
    expect((await post({ ...body, messageSignature: 'f'.repeat(64) })).statusCode).toBe(400)
    expect((await post({ ...body, paymentAmount: 1 })).statusCode).toBe(400)
    expect(await eventCount()).toBe(before)
    const genuine = await post(body)
    expect(genuine.statusCode).toBe(200)
    expect(genuine.json().result).toBe('recorded')
    await applyPendingEvents(paymentDeps(app))
    expect(await paidState(app, order.id)).toEqual({
      status: 'paid',
      fulfilled: 'done',
      ledger: 1,
      receipts: 1,
    })
    const [event] = await app.db
      .select({ result: gatewayEvents.result })
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.gateway, 'fawry'), eq(gatewayEvents.orderId, order.id)))
    expect(event?.result).toBe('applied')
  })
})

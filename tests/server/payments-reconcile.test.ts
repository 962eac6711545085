import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { SANDBOX_CARDS, SANDBOX_LOSE_NOTIFICATION } from '../../server/adapters/payments'
import { fawryNotificationSignature as adapterFawrySignature } from '../../server/adapters/payments/fawry'
import { gatewayEvents, orders } from '../../server/db/schema'
import { paymentDeps } from '../../server/modules/payments'
import { reconcileCheckouts, nextCheckDelayMs } from '../../server/modules/payments/reconcile'
import { applyPendingEvents } from '../../server/modules/payments/service'
import { registerClient, type SignedIn } from './helpers/auth'
import { FakeFawry, FAWRY, fawryNotificationSignature } from './helpers/fake-fawry'
import { FakePaymob, PAYMOB } from './helpers/fake-paymob'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

/**
 * Reconciliation (issue 24): a checkout whose notification never comes is asked about at its gateway
 * after PAYMENTS_RECONCILE_AFTER_S, and the answer is applied as its notification would be (same event
 * id: a late notification is a duplicate). Real Paymob and Fawry adapters against their local fakes;
 * the card gateway is the sandbox, whose page can pay and lose the notification.
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
    PAYMENTS_RECONCILE_AFTER_S: '30',
  },
})
const api = requests(app)
const deps = paymentDeps(app)
/** A moment past the first check of a checkout started now. */
const later = () => new Date(Date.now() + 31_000)
/**
 * Applies every recorded notification. A webhook also kicks this instance's own pass, which claims its
 * events first: on PostgreSQL a direct call then finds them leased and returns before they are applied.
 */
async function applyRecorded() {
  await app.paymentEvents.idle()
  await applyPendingEvents(deps)
}

async function topup(who: SignedIn, amount: number) {
  const response = await api.post(
    '/api/payments/orders/',
    { kind: 'wallet_topup', amount, idempotency_key: randomUUID() },
    who,
  )
  expect(response.statusCode).toBe(201)
  return response.json() as { id: number }
}

const statusOf = async (target: FastifyInstance, id: number) =>
  (await target.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status

describe('reconciliation', () => {
  it('backs off from the configured delay, doubling, to at most six hours', () => {
    expect(nextCheckDelayMs(120, 0)).toBe(120_000)
    expect(nextCheckDelayMs(120, 3)).toBe(960_000)
    expect(nextCheckDelayMs(120, 30)).toBe(6 * 3600_000)
  })

  it('sandbox: "Pay, but lose the notification" is fulfilled by reconciliation; the late notification is a duplicate', async () => {
    const who = await registerClient(app)
    const order = await topup(who, 12)
    const started = await api.post(
      '/api/payments/stripe/process/temp_order/',
      { amount: 1200, currency: 'usd', order_id: order.id },
      who,
    )
    const url = new URL(started.json().checkout_url)
    const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(page.body).toContain(SANDBOX_LOSE_NOTIFICATION)
    const paid = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        card_number: SANDBOX_CARDS.succeeds,
        exp_month: '12',
        exp_year: String(new Date().getUTCFullYear() + 1),
        cvc: '123',
        notify: 'lose',
      }).toString(),
    })
    expect(paid.statusCode).toBe(303)
    await app.paymentEvents.idle()
    expect(await statusOf(app, order.id)).toBe('pending')
    // Not yet due: nothing is asked.
    expect(await reconcileCheckouts(deps)).toBe(0)
    expect(await reconcileCheckouts(deps, later())).toBe(1)
    await applyRecorded()
    expect(await statusOf(app, order.id)).toBe('paid')
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(12)
    const ref = started.json().payment_intent_id as string
    const [event] = await app.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.eventId, `${ref}:paid`))
    expect(event?.result).toBe('applied')
    // Settled: not asked again.
    expect(await reconcileCheckouts(deps, new Date(Date.now() + 3600_000))).toBe(0)
  })

  it('Paymob: the transaction inquiry of a checkout whose callback never came pays it', async () => {
    const who = await registerClient(app)
    const order = await topup(who, 3)
    const started = await api.post(`/api/payments/paymob/process/${order.id}/`, { currency: 'EGP' }, who)
    expect(started.statusCode).toBe(200)
    const ref = (await api.get(`/api/payments/orders/${order.id}/`, who)).json().gateway_reference as string
    // No transaction yet: still open, asked again later.
    expect(await reconcileCheckouts(deps, later())).toBe(0)
    expect(paymob.requestsTo('/api/ecommerce/orders/transaction_inquiry').at(-1)?.body.toString()).toContain(
      `"order_id":${ref}`,
    )
    const { transaction } = paymob.transactionCallback(Number(ref)) // paid at Paymob; the callback is lost
    expect(await reconcileCheckouts(deps, new Date(Date.now() + 3600_000))).toBe(1)
    await applyRecorded()
    expect(await statusOf(app, order.id)).toBe('paid')
    const [event] = await app.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.eventId, `${transaction.id}:paid`))
    expect(event?.result).toBe('applied')
  })

  it('Fawry: the status query of a checkout whose notification never came pays it', async () => {
    const who = await registerClient(app)
    const order = await topup(who, 5)
    expect(
      (await api.post(`/api/payments/fawry/process/${order.id}/`, { currency: 'EGP' }, who)).statusCode,
    ).toBe(200)
    const ref = (await api.get(`/api/payments/orders/${order.id}/`, who)).json().gateway_reference as string
    fawry.notification(ref, 'PAID') // paid at Fawry; the notification is lost
    expect(await reconcileCheckouts(deps, later())).toBe(1)
    await applyRecorded()
    expect(await statusOf(app, order.id)).toBe('paid')
  })
})

describe('bound notifications at the real local gateways', () => {
  it('Paymob: a correctly signed callback whose merchant_order_id names another order pays only its own checkout', async () => {
    const who = await registerClient(app)
    const small = await topup(who, 1)
    const big = await topup(who, 5000)
    await api.post(`/api/payments/paymob/process/${small.id}/`, { currency: 'EGP' }, who)
    await api.post(`/api/payments/paymob/process/${big.id}/`, { currency: 'EGP' }, who)
    const smallRef = (await api.get(`/api/payments/orders/${small.id}/`, who)).json().gateway_reference
    const bigRef = (await api.get(`/api/payments/orders/${big.id}/`, who)).json().gateway_reference
    const { body, hmac } = paymob.transactionCallback(Number(smallRef))
    // merchant_order_id is not covered by the HMAC: the changed callback still verifies.
    body.obj.order.merchant_order_id = paymob.orders.get(Number(bigRef))?.merchant_order_id ?? ''
    const answer = await app.inject({
      method: 'POST',
      url: `/api/payments/paymob/webhook/?hmac=${hmac}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
    expect(answer.statusCode).toBe(200)
    await applyRecorded()
    expect(await statusOf(app, big.id)).toBe('pending')
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(1)
  })

  it('Fawry: a PAID notification whose payment amount adds the fee (305 = 300 + 5) pays the order', async () => {
    const who = await registerClient(app)
    const order = await topup(who, 10) // 300 EGP at 30
    await api.post(`/api/payments/fawry/process/${order.id}/`, { currency: 'EGP' }, who)
    const ref = (await api.get(`/api/payments/orders/${order.id}/`, who)).json().gateway_reference as string
    const genuine = fawry.notification(ref, 'PAID')
    expect(genuine.orderAmount).toBe(300)
    const withFee: Record<string, unknown> = { ...genuine, paymentAmount: 305, fawryFees: 5 }
    withFee.messageSignature = fawryNotificationSignature(withFee)
    expect(withFee.messageSignature).toBe(
      adapterFawrySignature(
        FAWRY.secureKey,
        withFee as unknown as Parameters<typeof adapterFawrySignature>[1],
      ),
    )
    const answer = await app.inject({
      method: 'POST',
      url: '/api/payments/fawry/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(withFee),
    })
    expect(answer.json().result).toBe('recorded')
    await applyRecorded()
    expect(await statusOf(app, order.id)).toBe('paid')
    expect((await api.get('/api/client/wallet/', who)).json().balance).toBe(10)
  })
})

import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { billingMessages, orderHistorySchema } from '@/contract/billing'
import { createAppResponseSchema } from '@/contract/apps'
import { SANDBOX_CARDS } from '../../server/adapters/payments'
import { apps, domains } from '../../server/db/schema'
import { EXTRA_REFUND_REASON } from '../../server/modules/payments/extra-payments'
import { appendLedgerEntry } from '../../server/modules/wallet'
import { nextAddress, registerClient, signIn, STAFF, type SignedIn } from './helpers/auth'
import { catalogue } from './helpers/apps'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

// Issue 24: the client's billing history and cancelling an unpaid order.
const app = await openTestApp()
const api = requests(app)
const history = (id: number, who: SignedIn) => api.get(`/api/payments/orders/${id}/history/`, who)
const cancel = (id: number, who: SignedIn) => api.post(`/api/payments/orders/${id}/cancel/`, {}, who)

let counter = 0
async function registrationOrder(who: SignedIn) {
  counter += 1
  const response = await api.post(
    '/api/domains/domains/register/',
    {
      domain_name: `billing-${counter}-${randomUUID().slice(0, 6)}.com`,
      years: 1,
      whois_privacy: true,
      auto_renew: false,
      registrant_first_name: 'Test',
      registrant_last_name: 'Client',
      registrant_email: 'client@example.com',
      registrant_phone: '+1.5555551234',
      registrant_address1: '1 Main St',
      registrant_city: 'Cairo',
      registrant_state: 'Cairo',
      registrant_zip: '11511',
      registrant_country: 'EG',
      registrant_organization: '',
      use_same_contact_for_all: true,
    },
    who,
  )
  expect(response.statusCode).toBe(201)
  return response.json().order as { id: number; domain_id: number; final_price: number }
}

/** Starts a sandbox card checkout for the order and pays it on the hosted page with `card`. */
async function payByCard(who: SignedIn, order: { id: number; final_price: number }, card: string) {
  const started = await api.post(
    '/api/payments/stripe/process/temp_order/',
    { amount: Math.round(order.final_price * 100), currency: 'usd', order_id: order.id },
    who,
  )
  expect(started.statusCode).toBe(200)
  await payOnPage(started.json().checkout_url, card)
}

/** Pays a started sandbox checkout on its hosted page with `card`. */
async function payOnPage(checkoutUrl: string, card: string) {
  const url = new URL(checkoutUrl)
  const paid = await app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      card_number: card,
      exp_month: '12',
      exp_year: String(new Date().getUTCFullYear() + 1),
      cvc: '123',
    }).toString(),
  })
  expect(paid.statusCode).toBeLessThan(400)
}

async function domainStatus(domainId: number) {
  const [row] = await app.db.select({ status: domains.status }).from(domains).where(eq(domains.id, domainId))
  return row?.status
}

describe('an order’s history', () => {
  it('lists a declined and a successful card attempt, the receipt, and nothing left to pay', async () => {
    const who = await registerClient(app)
    const order = await registrationOrder(who)
    await payByCard(who, order, SANDBOX_CARDS.declined)
    const failed = orderHistorySchema.parse((await history(order.id, who)).json())
    expect(failed.order.status).toBe('failed')
    expect(failed.payable).toBe(true)
    expect(failed.attempts).toEqual([
      expect.objectContaining({ gateway: 'stripe', amount: 18.98, currency: 'USD', result: 'failed' }),
    ])
    expect(failed.receipt).toBeNull()

    await payByCard(who, order, SANDBOX_CARDS.succeeds)
    const response = await history(order.id, who)
    expect(response.statusCode).toBe(200)
    const body = orderHistorySchema.parse(response.json())
    expect(body.order).toMatchObject({ id: order.id, status: 'paid', kind: 'domain_registration' })
    expect(body.payable).toBe(false)
    expect(body.attempts.map((a) => [a.gateway, a.result])).toEqual([
      ['stripe', 'failed'],
      ['stripe', 'succeeded'],
    ])
    expect(body.attempts[1]?.reference).toMatch(/^pi_/)
    expect(body.receipt).toMatchObject({
      number: expect.stringMatching(/^R-\d{4}-\d{6}$/),
      pdf_url: `/api/receipts/orders/${order.id}/pdf/`,
    })
    expect(body.refunds).toEqual([])
  })

  it('shows a Paymob attempt in EGP as pending while it waits, then a wallet payment that succeeded', async () => {
    const who = await registerClient(app)
    const order = await registrationOrder(who)
    const paymob = await api.post(`/api/payments/paymob/process/${order.id}/`, { is_aman: false }, who)
    expect(paymob.statusCode).toBe(200)
    const waiting = orderHistorySchema.parse((await history(order.id, who)).json())
    expect(waiting.attempts).toEqual([
      expect.objectContaining({
        gateway: 'paymob',
        currency: 'EGP',
        amount: Math.round(order.final_price * 30 * 100) / 100,
        result: 'pending',
      }),
    ])

    await app.db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: who.client.id,
        transactionType: 'deposit',
        source: 'topup',
        amountMinor: 5000,
        description: 'Test credit',
      }),
    )
    expect((await api.post(`/api/payments/orders/${order.id}/pay-with-wallet/`, {}, who)).statusCode).toBe(
      200,
    )
    const paid = orderHistorySchema.parse((await history(order.id, who)).json())
    expect(paid.attempts.map((a) => [a.gateway, a.currency, a.amount, a.result])).toEqual([
      ['paymob', 'EGP', Math.round(order.final_price * 30 * 100) / 100, 'not_completed'],
      ['wallet', 'USD', order.final_price, 'succeeded'],
    ])
    expect(paid.receipt).not.toBeNull()
  })

  it('shows a staff refund', async () => {
    const who = await registerClient(app)
    const order = await registrationOrder(who)
    await payByCard(who, order, SANDBOX_CARDS.succeeds)
    const staff = await signIn(app, STAFF)
    const refunded = await api.post(
      `/api/staff/orders/${order.id}/refund/`,
      { reason: 'Registered by mistake' },
      { headers: staff.headers, remoteAddress: nextAddress() },
    )
    expect(refunded.statusCode).toBe(200)
    const body = orderHistorySchema.parse((await history(order.id, who)).json())
    expect(body.order.status).toBe('refunded')
    expect(body.refunds).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        method: 'stripe',
        amount: order.final_price,
        currency: 'USD',
        reason: 'Registered by mistake',
      }),
    ])
  })

  it('shows a second payment, given back automatically, as an attempt and a refund', async () => {
    const who = await registerClient(app)
    const order = await registrationOrder(who)
    // A card checkout left open, then the wallet pays the order, then the open card page is paid too.
    const started = await api.post(
      '/api/payments/stripe/process/temp_order/',
      { amount: Math.round(order.final_price * 100), currency: 'usd', order_id: order.id },
      who,
    )
    expect(started.statusCode).toBe(200)
    await app.db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: who.client.id,
        transactionType: 'deposit',
        source: 'topup',
        amountMinor: 5000,
        description: 'Test credit',
      }),
    )
    expect((await api.post(`/api/payments/orders/${order.id}/pay-with-wallet/`, {}, who)).statusCode).toBe(
      200,
    )
    await payOnPage(started.json().checkout_url, SANDBOX_CARDS.succeeds)
    await app.paymentEvents.idle()

    const body = orderHistorySchema.parse((await history(order.id, who)).json())
    expect(body.order.status).toBe('paid')
    expect(body.attempts.map((a) => [a.gateway, a.amount, a.result])).toEqual([
      ['stripe', order.final_price, 'succeeded'],
      ['wallet', order.final_price, 'succeeded'],
    ])
    expect(body.refunds).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        method: 'stripe',
        amount: order.final_price,
        currency: 'USD',
        reason: EXTRA_REFUND_REASON,
        completed_at: expect.any(String),
      }),
    ])
  })

  it("answers 404 for another client's order, and 401 without a token", async () => {
    const owner = await registerClient(app)
    const stranger = await registerClient(app)
    const order = await registrationOrder(owner)
    expect((await history(order.id, stranger)).statusCode).toBe(404)
    expect((await cancel(order.id, stranger)).statusCode).toBe(404)
    expect(
      (await app.inject({ method: 'GET', url: `/api/payments/orders/${order.id}/history/` })).statusCode,
    ).toBe(401)
    expect((await history(order.id, owner)).statusCode).toBe(200)
  })
})

describe('the billing list', () => {
  it('holds only the caller’s orders, newest first', async () => {
    const who = await registerClient(app)
    const other = await registerClient(app)
    const first = await registrationOrder(who)
    const second = await registrationOrder(who)
    await registrationOrder(other)
    const list = (await api.get('/api/payments/orders/', who)).json()
    expect(list.results.map((o: { id: number }) => o.id)).toEqual([second.id, first.id])
    expect(list.results[0]).toMatchObject({ amount: 18.98, currency: 'USD', status: 'pending' })
  })
})

describe('cancelling an order', () => {
  it('cancels an unpaid domain order, frees its pending domain, and it can no longer be paid', async () => {
    const who = await registerClient(app)
    const order = await registrationOrder(who)
    await payByCard(who, order, SANDBOX_CARDS.declined)
    const response = await cancel(order.id, who)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      success: true,
      message: billingMessages.cancelled,
      order: { id: order.id, status: 'cancelled' },
    })
    expect(await domainStatus(order.domain_id)).toBe('cancelled')
    const body = orderHistorySchema.parse((await history(order.id, who)).json())
    expect(body.payable).toBe(false)
    const again = await api.post(
      '/api/payments/stripe/process/temp_order/',
      { amount: Math.round(order.final_price * 100), currency: 'usd', order_id: order.id },
      who,
    )
    expect(again.statusCode).toBe(400)
    expect((await cancel(order.id, who)).statusCode).toBe(409)
  })

  it('keeps the pending domain while another unpaid order of the client registers it', async () => {
    const who = await registerClient(app)
    const first = await registrationOrder(who)
    const domain = (
      await app.db.select({ name: domains.domainName }).from(domains).where(eq(domains.id, first.domain_id))
    )[0]?.name as string
    // A second order for the same name reuses the pending domain.
    const second = await api.post(
      '/api/domains/domains/register/',
      {
        domain_name: domain,
        years: 2,
        whois_privacy: false,
        auto_renew: false,
        registrant_first_name: 'Test',
        registrant_last_name: 'Client',
        registrant_email: 'client@example.com',
        registrant_phone: '+1.5555551234',
        registrant_address1: '1 Main St',
        registrant_city: 'Cairo',
        registrant_state: 'Cairo',
        registrant_zip: '11511',
        registrant_country: 'EG',
        registrant_organization: '',
        use_same_contact_for_all: true,
      },
      who,
    )
    expect(second.statusCode).toBe(201)
    expect(second.json().order.domain_id).toBe(first.domain_id)
    expect((await cancel(first.id, who)).statusCode).toBe(200)
    expect(await domainStatus(first.domain_id)).toBe('pending')
    expect((await cancel(second.json().order.id, who)).statusCode).toBe(200)
    expect(await domainStatus(first.domain_id)).toBe('cancelled')
  })

  it('refuses a paid order with 409 and leaves it paid', async () => {
    const who = await registerClient(app)
    const order = await registrationOrder(who)
    await payByCard(who, order, SANDBOX_CARDS.succeeds)
    const response = await cancel(order.id, who)
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toBe(billingMessages.notCancellable)
    expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('paid')
    expect(await domainStatus(order.domain_id)).toBe('active')
  })

  it("cancels an app's unpaid order and its pending app", async () => {
    const who = await registerClient(app)
    const sms = (await catalogue(app, who, 'sms'))[0]
    const created = await api.post(
      '/api/client/create-app/',
      { app_name: 'Never Paid', service_type: 'sms', package_id: sms?.id, payment_method: 'paymob' },
      who,
    )
    expect(created.statusCode).toBe(201)
    const { id, order_id } = createAppResponseSchema.parse(created.json())
    expect((await cancel(order_id as number, who)).statusCode).toBe(200)
    const [row] = await app.db.select({ status: apps.status }).from(apps).where(eq(apps.id, id))
    expect(row?.status).toBe('cancelled')
  })

  it('answers 404 for an id that does not exist and 400 for one that is not an id', async () => {
    const who = await registerClient(app)
    expect((await cancel(999_999, who)).statusCode).toBe(404)
    expect((await api.post('/api/payments/orders/abc/cancel/', {}, who)).statusCode).toBe(400)
    expect((await api.get('/api/payments/orders/abc/history/', who)).statusCode).toBe(400)
  })
})

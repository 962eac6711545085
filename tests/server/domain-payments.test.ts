import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SANDBOX_CARDS } from '../../server/adapters/payments/sandbox'
import { localGatewayMessages } from '../../server/modules/payments'
import { registerClient, type SignedIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

// Spec 002 §7.1: POST /orders/{id}/payments/fawry/ and /orders/{id}/payments/paymob/ under /api/domains.
const app = await openTestApp()
const { get, post } = requests(app)
const owner = await registerClient(app)
const stranger = await registerClient(app)
const fawryPath = (id: number | string) => `/api/domains/orders/${id}/payments/fawry/`
const paymobPath = (id: number | string) => `/api/domains/orders/${id}/payments/paymob/`

let counter = 0
async function registrationOrder(who: SignedIn = owner) {
  counter += 1
  const response = await post(
    '/api/domains/domains/register/',
    {
      domain_name: `gateway-order-${counter}-${randomUUID().slice(0, 6)}.com`,
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
  return response.json().order as { id: number; domain_id: number; final_price: number; domain_name: string }
}

/** Pays on the sandbox's hosted page the gateway answered, with a test card. */
async function payOnSandboxPage(url: string, card: string) {
  const page = new URL(url)
  return app.inject({
    method: 'POST',
    url: `${page.pathname}${page.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      card_number: card,
      exp_month: '12',
      exp_year: String(new Date().getUTCFullYear() + 1),
      cvc: '123',
    }).toString(),
  })
}

describe('Fawry for domain orders', () => {
  it('answers the sandbox payment page in EGP, and the paid order registers the domain', async () => {
    const order = await registrationOrder()
    const response = await post(
      fawryPath(order.id),
      { customer_mobile: '+20 100 123 4567', customer_email: 'payer@example.com' },
      owner,
    )
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({
      success: true,
      order_id: order.id,
      sandbox: true,
      charge: { currency: 'EGP', amount: Math.round(order.final_price * 30 * 100) / 100, rate: 30 },
    })
    expect(body.payment_url).toBe(body.redirect_url)
    expect(body.payment_url).toContain('/sandbox/payments/checkout?s=')
    expect(body.reference_number).toMatch(/^\d{12}$/)

    const paid = await payOnSandboxPage(body.payment_url, SANDBOX_CARDS.succeeds)
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toContain(`/payment/success/${order.id}`)
    expect((await get(`/api/domains/orders/${order.id}/`, owner)).json().status).toBe('paid')
    expect((await get(`/api/domains/domains/${order.domain_id}/`, owner)).json().status).toBe('active')
    // A paid order cannot be paid again.
    expect((await post(fawryPath(order.id), {}, owner)).statusCode).toBe(400)
  })

  it('refuses bad input with 400 and names the field', async () => {
    const order = await registrationOrder()
    const bad: [Record<string, unknown>, string][] = [
      [{ customer_email: 'not-an-address' }, 'customer_email'],
      [{ customer_mobile: '12' }, 'customer_mobile'],
      [{ customer_mobile: 'call me' }, 'customer_mobile'],
      [{ currency: 'USD' }, 'currency'],
      [{ order_id: order.id + 1000 }, 'order_id'],
      [{ customer_email: 42 }, 'customer_email'],
    ]
    for (const [payload, field] of bad) {
      const response = await post(fawryPath(order.id), payload, owner)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json()[field], JSON.stringify(payload)).toBeDefined()
    }
    expect(response400(await post(fawryPath(order.id), { customer_email: 'x@' }, owner))).toBe(
      localGatewayMessages.badEmail,
    )
    expect((await post(fawryPath('abc'), {}, owner)).statusCode).toBe(400)
  })
})

function response400(response: { statusCode: number; json: () => { detail: string } }) {
  expect(response.statusCode).toBe(400)
  return response.json().detail
}

describe('Paymob for domain orders', () => {
  it('answers the iframe URL in EGP with is_aman false, and a declined card leaves the order payable', async () => {
    const order = await registrationOrder()
    const response = await post(paymobPath(order.id), { is_aman: false }, owner)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ success: true, order_id: order.id, sandbox: true })
    expect(body.charge.currency).toBe('EGP')
    expect(body.payment_url).toBe(body.iframe_url)
    const declined = await payOnSandboxPage(body.iframe_url, SANDBOX_CARDS.declined)
    expect([200, 303]).toContain(declined.statusCode)
    const after = (await get(`/api/domains/orders/${order.id}/`, owner)).json()
    expect(after.status).not.toBe('paid')
    expect((await get(`/api/domains/domains/${order.domain_id}/`, owner)).json().status).toBe('pending')
    // Another attempt is allowed after a decline.
    expect((await post(paymobPath(order.id), { is_aman: false }, owner)).statusCode).toBe(200)
  })

  it('refuses Aman and a non-boolean is_aman with 400', async () => {
    const order = await registrationOrder()
    expect(response400(await post(paymobPath(order.id), { is_aman: true }, owner))).toBe(
      localGatewayMessages.noAman,
    )
    expect((await post(paymobPath(order.id), { is_aman: 'no' }, owner)).statusCode).toBe(400)
  })
})

describe('who may pay which order', () => {
  it("answers 404 for another client's order, an unknown order and an order that is not a domain's", async () => {
    const order = await registrationOrder()
    for (const path of [fawryPath, paymobPath]) {
      const foreign = await post(path(order.id), { is_aman: false }, stranger)
      expect(foreign.statusCode).toBe(404)
      expect((await post(path(999_999), {}, owner)).statusCode).toBe(404)
      expect((await post(path(order.id), {})).statusCode).toBe(401)
    }
    const topup = await post(
      '/api/payments/orders/',
      { kind: 'wallet_topup', amount: 25, idempotency_key: randomUUID() },
      owner,
    )
    expect(topup.statusCode).toBe(201)
    expect((await post(fawryPath(topup.json().id), {}, owner)).statusCode).toBe(404)
    expect((await post(paymobPath(topup.json().id), {}, owner)).statusCode).toBe(404)
    // The stranger's attempts changed nothing: the order is still the owner's, unpaid, without a gateway.
    expect((await get(`/api/payments/orders/${order.id}/`, owner)).json()).toMatchObject({
      status: 'pending',
      gateway: null,
    })
  })
})

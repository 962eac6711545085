import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { domainMessages } from '@/contract/domains'
import { domains, orders, sandboxRegistry } from '../../server/db/schema'
import { nextAddress, registerClient, signIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, post } = requests(app)
const demo = await signIn(app)
const other = await registerClient(app)
// The app's own order hooks: the domain fulfillers are registered there by app.ts.
const hooks = app.orderHooks

const registration = (overrides: Record<string, unknown> = {}) => ({
  domain_name: 'dana-fresh-launch.com',
  years: 2,
  whois_privacy: true,
  auto_renew: false,
  registrant_first_name: 'Dana',
  registrant_last_name: 'Mercer',
  registrant_email: 'demo@example.com',
  registrant_phone: '+1.3125550199',
  registrant_address1: '233 S Wacker Dr',
  registrant_city: 'Chicago',
  registrant_state: 'IL',
  registrant_zip: '60606',
  registrant_country: 'US',
  registrant_organization: 'Demo Company',
  use_same_contact_for_all: true,
  ...overrides,
})

/** What the payments core does once the gateway confirms: mark paid, then fulfil in one transaction. */
async function payAndFulfil(orderId: number) {
  await app.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning()
    if (!order) throw new Error('no order')
    await hooks.fulfil(tx, order, { config: app.config, log: app.log })
  })
}

describe('registration orders', () => {
  it('creates a pending order at price × years plus 5.99 privacy per year, and a pending domain', async () => {
    const response = await post('/api/domains/domains/register/', registration(), demo)
    expect(response.statusCode).toBe(201)
    const { order } = response.json()
    expect(order).toMatchObject({
      order_type: 'domain_registration',
      status: 'pending',
      domain_name: 'dana-fresh-launch.com',
      years: 2,
      whois_privacy: true,
      base_price: 25.98,
      privacy_price: 11.98,
      final_price: 37.96,
    })
    const domain = (await get(`/api/domains/domains/${order.domain_id}/`, demo)).json()
    expect(domain).toMatchObject({ status: 'pending', expiry_date: null })
    // Nothing is registered before the payment is confirmed.
    expect(
      await app.db
        .select()
        .from(sandboxRegistry)
        .where(eq(sandboxRegistry.domainName, 'dana-fresh-launch.com')),
    ).toEqual([])
    expect((await post(`/api/domains/domains/${order.domain_id}/lock/`, {}, demo)).statusCode).toBe(409)
  })

  it('registers the name at the registrar once paid, exactly once, and the name is then taken', async () => {
    const { order } = (
      await post(
        '/api/domains/domains/register/',
        registration({ domain_name: 'paid-launch.net', years: 1, whois_privacy: false }),
        demo,
      )
    ).json()
    expect(order.final_price).toBe(14.99)
    await payAndFulfil(order.id)
    const domain = (await get(`/api/domains/domains/${order.domain_id}/`, demo)).json()
    expect(domain.status).toBe('active')
    expect(
      new Date(domain.expiry_date).getUTCFullYear() - new Date(domain.registration_date).getUTCFullYear(),
    ).toBe(1)
    // A retry of the same order (the job queue) registers nothing twice.
    const [paid] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    if (!paid) throw new Error('order is gone')
    await hooks.fulfil(app.db, paid, { config: app.config, log: app.log })
    const check = await post(
      '/api/domains/domains/check_availability/',
      { domain_names: ['paid-launch.net'] },
      { remoteAddress: nextAddress() },
    )
    expect(check.json().results[0].purchasable).toBe(false)
    const again = await post(
      '/api/domains/domains/register/',
      registration({ domain_name: 'paid-launch.net' }),
      other,
    )
    expect(again.statusCode).toBe(409)
    const processed = await post(`/api/domains/domains/process-order/${order.id}/`, {}, demo)
    expect(processed.json()).toMatchObject({ paid: true, domain_status: 'active' })
  })

  it('refuses bad registrations with 400 and never 500', async () => {
    const bad = [
      { domain_name: 'no dots' },
      { domain_name: 'name.xyz' },
      { years: 0 },
      { years: 11 },
      { years: 'two' },
      { registrant_first_name: '  ' },
      { registrant_email: 'not-an-email' },
      { registrant_phone: '3125550199' },
      { registrant_country: 'USA' },
      { nameservers: ['ns1.only.example', ''] },
      { nameservers: ['ns1.ok.example', 'bad host'] },
      { whois_privacy: 'yes' },
    ]
    for (const override of bad) {
      const response = await post('/api/domains/domains/register/', registration(override), demo)
      expect(response.statusCode, JSON.stringify(override)).toBe(400)
    }
    expect(
      (await post('/api/domains/domains/register/', registration({ domain_name: 'google.com' }), demo))
        .statusCode,
    ).toBe(409)
    expect((await post('/api/domains/domains/register/', registration())).statusCode).toBe(401)
  })
})

describe('renewal orders', () => {
  it('creates a renewal order at the renewal price and extends the expiry once paid', async () => {
    const list = (await get('/api/domains/domains/?search=archive', demo)).json().results
    const expired = list[0]
    expect(expired.status).toBe('expired')
    for (const years of [0, 11, 'x'])
      expect((await post(`/api/domains/domains/${expired.id}/renew/`, { years }, demo)).statusCode).toBe(400)
    expect((await post(`/api/domains/domains/${expired.id}/renew/`, { years: 1 }, other)).statusCode).toBe(
      404,
    )
    expect(
      (await post(`/api/domains/domains/${expired.id}/renew/`, { domain_id: expired.id + 1, years: 1 }, demo))
        .statusCode,
    ).toBe(400)
    const response = await post(
      `/api/domains/domains/${expired.id}/renew/`,
      { domain_id: expired.id, years: 2 },
      demo,
    )
    expect(response.statusCode).toBe(201)
    const { order } = response.json()
    expect(order).toMatchObject({
      order_type: 'domain_renewal',
      base_price: 29.98,
      privacy_price: 11.98,
      final_price: 41.96,
    })
    await payAndFulfil(order.id)
    const renewed = (await get(`/api/domains/domains/${expired.id}/`, demo)).json()
    expect(renewed.status).toBe('active')
    expect(new Date(renewed.expiry_date).getTime()).toBeGreaterThan(Date.now() + 700 * 24 * 3600 * 1000)
  })
})

describe('domain orders', () => {
  it("lists the caller's domain orders by status and type, and hides them from others", async () => {
    const all = (await get('/api/domains/orders/', demo)).json()
    expect(all.count).toBeGreaterThanOrEqual(3)
    const renewals = (await get('/api/domains/orders/?order_type=domain_renewal', demo)).json().results
    expect(renewals.every((o: { order_type: string }) => o.order_type === 'domain_renewal')).toBe(true)
    const pending = (await get('/api/domains/orders/?status=pending', demo)).json().results
    expect(pending.every((o: { status: string }) => o.status === 'pending')).toBe(true)
    expect((await get('/api/domains/orders/?status=lost', demo)).statusCode).toBe(400)
    const id = all.results[0].id
    expect((await get(`/api/domains/orders/${id}/`, demo)).json().id).toBe(id)
    expect((await get(`/api/domains/orders/${id}/`, other)).statusCode).toBe(404)
    expect((await post(`/api/domains/domains/process-order/${id}/`, {}, other)).statusCode).toBe(404)
    expect((await get('/api/domains/orders/', other)).json().count).toBe(0)
    const [domain] = await app.db
      .select()
      .from(domains)
      .where(eq(domains.domainName, 'dana-fresh-launch.com'))
    expect(domain?.status).toBe('pending')
  })
})

describe('a name held while its registration order is pending', () => {
  it("a second client cannot order or pay for it until the first client's order is cancelled", async () => {
    const name = `held-name-${Date.now()}.com`
    const first = await post('/api/domains/domains/register/', registration({ domain_name: name }), demo)
    expect(first.statusCode).toBe(201)
    const firstOrder = first.json().order.id as number
    const price = first.json().order.final_price as number
    const second = await post('/api/domains/domains/register/', registration({ domain_name: name }), other)
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({
      detail: domainMessages.nameHeld,
      domain_name: [domainMessages.nameHeld],
    })
    // The holder may order it again (its second order takes the hold over).
    const again = await post('/api/domains/domains/register/', registration({ domain_name: name }), demo)
    expect(again.statusCode).toBe(201)
    // Once the holder's orders are cancelled (or expire), the hold lapses.
    await app.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(inArray(orders.id, [firstOrder, again.json().order.id as number]))
    const taken = await post('/api/domains/domains/register/', registration({ domain_name: name }), other)
    expect(taken.statusCode).toBe(201)
    // The first client's old order cannot be paid now: the name is held for the other client's order.
    await app.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, firstOrder))
    const pay = await post(
      '/api/payments/stripe/process/temp_order/',
      { amount: Math.round(price * 100), currency: 'usd', order_id: firstOrder },
      demo,
    )
    expect(pay.statusCode).toBe(409)
    expect(pay.json().detail).toBe(domainMessages.nameHeld)
  })
})

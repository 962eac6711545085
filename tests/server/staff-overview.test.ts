import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { staffOverviewSchema } from '../../src/contract/staff'
import { domains, orders } from '../../server/db/schema'
import { overview } from '../../server/modules/staff/service'
import { registerClient, signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/*
 * The overview's money and domain tiles: orders paid since midnight UTC that are still paid, and active
 * domains expiring within 30 days, soonest first with their client. A clock years ahead keeps the demo
 * seed's own orders and domains out of the window.
 */
const app = await openTestApp()
const DAY = 24 * 60 * 60 * 1000
const NOW = new Date('2031-05-10T15:30:00.000Z')
const at = (days: number) => new Date(NOW.getTime() + days * DAY)
const tiles = () => overview(app.db, app.jobs, [], app.config.publicUrl, NOW)

let counter = 0
async function order(
  userId: number,
  amountMinor: number,
  paidAt: Date,
  status: 'paid' | 'refunded' = 'paid',
) {
  counter += 1
  await app.db.insert(orders).values({
    userId,
    kind: 'wallet_topup',
    amountMinor,
    description: `Overview test ${counter}`,
    idempotencyKey: `overview-${counter}-${randomBytes(4).toString('hex')}`,
    status,
    paidAt,
  })
}

async function domain(
  userId: number,
  days: number,
  options: { status?: 'active' | 'expired'; autoRenew?: boolean } = {},
) {
  counter += 1
  const [row] = await app.db
    .insert(domains)
    .values({
      userId,
      domainName: `overview-${counter}-${randomBytes(3).toString('hex')}.com`,
      status: options.status ?? 'active',
      autoRenew: options.autoRenew ?? false,
      registrationDate: at(days - 365),
      expiryDate: at(days),
      purchasePriceMinor: 1299,
      renewalPriceMinor: 1299,
    })
    .returning()
  if (!row) throw new Error('domain not inserted')
  return row
}

describe('staff overview: payments today and expiring domains', () => {
  it('counts nothing when nothing was paid today and no domain is about to expire', async () => {
    const empty = await tiles()
    expect(empty.payments_today).toEqual({ count: 0, total_minor: 0, currency: 'USD' })
    expect(empty.expiring_domains).toEqual({ count: 0, soonest: [] })
  })

  it('sums the orders paid since midnight UTC, leaving out yesterday and refunds', async () => {
    const buyer = await registerClient(app)
    const midnight = new Date('2031-05-10T00:00:00.000Z')
    await order(buyer.client.id, 2500, midnight)
    await order(buyer.client.id, 1299, at(-0.1))
    await order(buyer.client.id, 9900, new Date(midnight.getTime() - 1))
    await order(buyer.client.id, 4000, at(-0.2), 'refunded')
    expect((await tiles()).payments_today).toEqual({ count: 2, total_minor: 3799, currency: 'USD' })
  })

  it('lists active domains expiring within 30 days, soonest first, with their client', async () => {
    const owner = await registerClient(app, { company_name: 'Overview Owner Ltd' })
    const later = await domain(owner.client.id, 29, { autoRenew: true })
    const soon = await domain(owner.client.id, 3)
    await domain(owner.client.id, 31)
    await domain(owner.client.id, -2, { status: 'expired' })
    const { expiring_domains } = await tiles()
    expect(expiring_domains.count).toBe(2)
    expect(expiring_domains.soonest.map((d) => d.domain_name)).toEqual([soon.domainName, later.domainName])
    expect(expiring_domains.soonest[1]).toMatchObject({
      id: later.id,
      auto_renew: true,
      expiry_date: at(29).toISOString(),
    })
    expect(expiring_domains.soonest[0]?.client?.id).toEqual(expect.any(Number))
    expect(expiring_domains.soonest[0]?.client?.company_name).toBe('Overview Owner Ltd')
  })

  it('answers the tiles through the staff API in the contract shape', async () => {
    const staff = await signIn(app, STAFF)
    const response = await app.inject({ method: 'GET', url: '/api/staff/overview/', headers: staff.headers })
    expect(response.statusCode).toBe(200)
    const body = staffOverviewSchema.parse(response.json())
    expect(body.payments_today.currency).toBe('USD')
  })
})

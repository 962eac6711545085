import { randomBytes } from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SANDBOX_AUTH_REQUIRED_REASON } from '../../server/adapters/payments/sandbox'
import { domains, mailOutbox, orders, sandboxRegistry, savedPaymentMethods } from '../../server/db/schema'
import { automaticPaymentMessages, paymentDeps } from '../../server/modules/payments'
import {
  daysLeft,
  reminderDue,
  runDomainRenewals,
  type RenewalDeps,
} from '../../server/modules/domains/renewals'
import { walletBalanceMinor } from '../../server/modules/wallet'
import { registerClient } from './helpers/auth'
import { payOrder } from './helpers/orders'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const DAY = 24 * 60 * 60 * 1000
// A fixed clock years ahead: the demo seed's domains are nowhere near expiry then.
const NOW = new Date('2031-03-01T06:00:00.000Z')
const at = (days: number) => new Date(NOW.getTime() + days * DAY)

const deps: RenewalDeps = {
  db: app.db,
  log: app.log,
  mailer: app.mailer,
  payments: paymentDeps(app),
  publicUrl: app.config.publicUrl,
}
const run = (now = NOW) => runDomainRenewals(deps, now)

async function client() {
  const signedIn = await registerClient(app)
  return { id: signedIn.client.id, email: signedIn.email }
}

let counter = 0
/** A registered domain of `userId`, in our table and the sandbox registry, expiring `days` after NOW. */
async function addDomain(
  userId: number,
  options: { days: number; autoRenew?: boolean; privacy?: boolean; status?: 'active' | 'pending' },
) {
  counter += 1
  const domainName = `renewal-${counter}-${randomBytes(3).toString('hex')}.com`
  const expiry = at(options.days)
  await app.db.insert(sandboxRegistry).values({
    domainName,
    createDate: new Date(expiry.getTime() - 365 * DAY),
    expireDate: expiry,
    authCode: 'renewal-test',
  })
  const [row] = await app.db
    .insert(domains)
    .values({
      userId,
      domainName,
      status: options.status ?? 'active',
      autoRenew: options.autoRenew ?? true,
      whoisPrivacy: options.privacy ?? true,
      registrationDate: new Date(expiry.getTime() - 365 * DAY),
      expiryDate: expiry,
      purchasePriceMinor: 1299,
      renewalPriceMinor: 1299,
    })
    .returning()
  if (!row) throw new Error('domain not inserted')
  return row
}

async function domainById(id: number) {
  const [row] = await app.db.select().from(domains).where(eq(domains.id, id))
  if (!row) throw new Error('domain is gone')
  return row
}

/** What was e-mailed to a client after signing up (the welcome message aside). */
const mailsTo = async (email: string) =>
  (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id)).filter(
    (m) => m.template !== 'welcome',
  )

async function renewalOrders(domainId: number) {
  return (
    await app.db
      .select()
      .from(orders)
      .where(and(eq(orders.kind, 'domain_renewal'), like(orders.idempotencyKey, `auto-renew:${domainId}:%`)))
  ).filter((o) => (o.details as { domain_id?: number }).domain_id === domainId)
}

async function saveCard(userId: number, kind: 'plain' | 'auth' = 'plain') {
  await app.db.insert(savedPaymentMethods).values({
    userId,
    gateway: 'stripe',
    gatewayMethodId: `pm_sandbox_${kind === 'auth' ? 'auth_' : ''}${randomBytes(9).toString('hex')}`,
    brand: 'visa',
    lastFour: kind === 'auth' ? '3184' : '4242',
    expMonth: 12,
    expYear: 2035,
    isDefault: true,
  })
}

describe('the reminder schedule', () => {
  it('counts whole days left, rounding up, and picks the nearest threshold at or above them', () => {
    expect(daysLeft(at(29.5), NOW)).toBe(30)
    expect(daysLeft(at(0.1), NOW)).toBe(1)
    expect([61, 60, 31, 30, 8, 7, 1, 0, -3].map(reminderDue)).toEqual([
      null,
      60,
      60,
      30,
      30,
      7,
      7,
      null,
      null,
    ])
  })
})

describe('auto-renewal', () => {
  it('renews from the wallet 30 days before expiry, once, and e-mails the new expiry date', async () => {
    const owner = await client()
    await payOrder(app, { userId: owner.id, amountMinor: 5000 })
    const domain = await addDomain(owner.id, { days: 30 })
    const result = await run()
    expect(result.renewed).toBeGreaterThanOrEqual(1)
    const renewed = await domainById(domain.id)
    expect(renewed.expiryDate?.toISOString()).toBe(new Date('2032-03-31T06:00:00.000Z').toISOString())
    expect(renewed.lastReminderDays).toBeNull()
    const [registry] = await app.db
      .select()
      .from(sandboxRegistry)
      .where(eq(sandboxRegistry.domainName, domain.domainName))
    expect(registry?.expireDate.toISOString()).toBe(renewed.expiryDate?.toISOString())
    // 12.99 for the year + 5.99 WHOIS privacy, from the 50.00 balance.
    expect(await walletBalanceMinor(app.db, owner.id)).toBe(5000 - 1898)
    const [order] = await renewalOrders(domain.id)
    expect(order).toMatchObject({ status: 'paid', gateway: 'wallet', amountMinor: 1898 })
    const mails = (await mailsTo(owner.email)).filter((m) => m.template === 'domain-auto-renewed')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe(`${domain.domainName} was renewed automatically`)
    expect(mails[0]?.text).toContain('It now expires on March 31, 2032.')
    expect(mails[0]?.text).toContain('$18.98 to your wallet balance')

    // Run twice (a retried job, a second instance): nothing is charged or sent again.
    await run()
    expect(await walletBalanceMinor(app.db, owner.id)).toBe(5000 - 1898)
    expect(await renewalOrders(domain.id)).toHaveLength(1)
    expect((await mailsTo(owner.email)).filter((m) => m.template === 'domain-auto-renewed')).toHaveLength(1)
    expect((await domainById(domain.id)).expiryDate?.toISOString()).toBe(renewed.expiryDate?.toISOString())
  })

  it('charges the default saved card off-session when the wallet does not cover the renewal', async () => {
    const owner = await client()
    await payOrder(app, { userId: owner.id, amountMinor: 500 })
    await saveCard(owner.id)
    const domain = await addDomain(owner.id, { days: 12, privacy: false })
    await run()
    // The card's answer is a notification bound to the checkout just recorded: a pass applies it.
    await app.paymentEvents.idle()
    const [order] = await renewalOrders(domain.id)
    expect(order).toMatchObject({ status: 'paid', gateway: 'stripe', amountMinor: 1299 })
    expect(await walletBalanceMinor(app.db, owner.id)).toBe(500)
    expect((await domainById(domain.id)).expiryDate?.getTime()).toBe(at(12 + 366).getTime())
    const [mail] = (await mailsTo(owner.email)).filter((m) => m.template === 'domain-auto-renewed')
    expect(mail?.text).toContain('$12.99 to your default saved card')
  })

  it('waits for the gateway while a card charge is being confirmed, then e-mails once it is', async () => {
    const owner = await client()
    await saveCard(owner.id)
    const domain = await addDomain(owner.id, { days: 15 })
    // What a real card gateway leaves after accepting an off-session charge: a pending order with its
    // payment intent, confirmed later by the webhook.
    const [pending] = await app.db
      .insert(orders)
      .values({
        userId: owner.id,
        kind: 'domain_renewal',
        amountMinor: 1898,
        description: `Automatic renewal: ${domain.domainName} (1 year)`,
        idempotencyKey: `auto-renew:${domain.id}:${domain.expiryDate?.toISOString()}`,
        gateway: 'stripe',
        gatewayRef: 'pi_still_processing',
        details: { domain_id: domain.id, domain_name: domain.domainName, years: 1, auto_renew: true },
      })
      .returning()
    if (!pending) throw new Error('order not inserted')
    expect((await run()).processing).toBe(1)
    expect(await renewalOrders(domain.id)).toHaveLength(1)
    expect((await renewalOrders(domain.id))[0]?.status).toBe('pending')
    expect(await mailsTo(owner.email)).toEqual([])

    const context = { config: app.config, log: app.log }
    const paid = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ status: 'paid', paidAt: new Date() })
        .where(eq(orders.id, pending.id))
        .returning()
      if (!row) throw new Error('order is gone')
      await app.orderHooks.fulfil(tx, row, context)
      return row
    })
    await app.orderHooks.afterFulfilment(paid, context)
    await app.orderHooks.afterFulfilment(paid, context)
    // Beside the receipt (the payments module's), one renewal e-mail.
    const mails = (await mailsTo(owner.email)).filter((m) => m.template.startsWith('domain-'))
    expect(mails.map((m) => m.template)).toEqual(['domain-auto-renewed'])
    expect(mails[0]?.text).toContain('default saved card')
  })

  it('e-mails the client once when neither the wallet nor a default card can pay, and leaves no payable order', async () => {
    const owner = await client()
    const domain = await addDomain(owner.id, { days: 25 })
    await run()
    await run()
    const [order, ...more] = await renewalOrders(domain.id)
    expect(more).toEqual([])
    expect(order).toMatchObject({ status: 'cancelled', failureReason: automaticPaymentMessages.noMethod })
    expect((await domainById(domain.id)).expiryDate?.getTime()).toBe(at(25).getTime())
    const failures = (await mailsTo(owner.email)).filter((m) => m.template === 'domain-auto-renew-failed')
    expect(failures).toHaveLength(1)
    expect(failures[0]?.subject).toBe(`We could not renew ${domain.domainName} automatically`)
    expect(failures[0]?.text).toContain(automaticPaymentMessages.noMethod)
    expect(failures[0]?.text).toContain(`/domain/${domain.id}/renew`)
  })

  it('reports a card that needs authentication as a failure instead of waiting for the absent client', async () => {
    const owner = await client()
    await saveCard(owner.id, 'auth')
    const domain = await addDomain(owner.id, { days: 3 })
    await run()
    const [order] = await renewalOrders(domain.id)
    expect(order?.status).toBe('cancelled')
    expect(order?.failureReason).toBe(SANDBOX_AUTH_REQUIRED_REASON)
    const [failure] = (await mailsTo(owner.email)).filter((m) => m.template === 'domain-auto-renew-failed')
    expect(failure?.text).toContain(SANDBOX_AUTH_REQUIRED_REASON)
  })

  it('leaves alone domains with more than 30 days left, without auto-renew, pending or already expired', async () => {
    const owner = await client()
    await payOrder(app, { userId: owner.id, amountMinor: 20_000 })
    const early = await addDomain(owner.id, { days: 31 })
    const manual = await addDomain(owner.id, { days: 10, autoRenew: false })
    const pending = await addDomain(owner.id, { days: 10, status: 'pending' })
    const expired = await addDomain(owner.id, { days: -2 })
    await run()
    for (const domain of [early, manual, pending, expired]) {
      expect(await renewalOrders(domain.id)).toEqual([])
      expect((await domainById(domain.id)).expiryDate?.getTime()).toBe(domain.expiryDate?.getTime())
    }
    expect(await walletBalanceMinor(app.db, owner.id)).toBe(20_000)
  })

  it("pays each domain from its own owner's money only, and e-mails only its owner", async () => {
    const rich = await client()
    const poor = await client()
    await payOrder(app, { userId: rich.id, amountMinor: 10_000 })
    await saveCard(rich.id)
    const richDomain = await addDomain(rich.id, { days: 20 })
    const poorDomain = await addDomain(poor.id, { days: 20 })
    await run()
    expect((await renewalOrders(richDomain.id))[0]?.status).toBe('paid')
    const [poorOrder] = await renewalOrders(poorDomain.id)
    expect(poorOrder).toMatchObject({ userId: poor.id, status: 'cancelled' })
    expect(await walletBalanceMinor(app.db, rich.id)).toBe(10_000 - 1898)
    expect(await walletBalanceMinor(app.db, poor.id)).toBe(0)
    const richMails = await mailsTo(rich.email)
    const poorMails = await mailsTo(poor.email)
    expect(richMails.map((m) => m.template)).toContain('domain-auto-renewed')
    expect(richMails.some((m) => m.text.includes(poorDomain.domainName))).toBe(false)
    // The failure e-mail stands in for the 30-day reminder of the same run.
    expect(poorMails.map((m) => m.template)).toEqual(['domain-auto-renew-failed'])
    expect((await domainById(poorDomain.id)).lastReminderDays).toBe(30)
    expect(poorMails[0]?.text).toContain(poorDomain.domainName)
  })
})

describe('expiry reminders', () => {
  it('sends the 60-, 30- and 7-day reminders once each as the expiry comes closer', async () => {
    const owner = await client()
    const domain = await addDomain(owner.id, { days: 59, autoRenew: false })
    const reminders = async () =>
      (await mailsTo(owner.email))
        .filter((m) => m.template.startsWith('domain-expiry-'))
        .map((m) => m.template)

    await run()
    await run()
    expect(await reminders()).toEqual(['domain-expiry-60'])
    expect((await domainById(domain.id)).lastReminderDays).toBe(60)
    const [first] = (await mailsTo(owner.email)).filter((m) => m.template === 'domain-expiry-60')
    expect(first?.subject).toBe(`${domain.domainName} expires in 59 days`)
    expect(first?.text).toContain(`/domain/${domain.id}/renew`)

    await run(at(20)) // 39 days left: still the 60-day reminder's period
    expect(await reminders()).toEqual(['domain-expiry-60'])
    await run(at(30)) // 29 days left
    await run(at(30.5))
    expect(await reminders()).toEqual(['domain-expiry-60', 'domain-expiry-30'])
    await run(at(53)) // 6 days left
    await run(at(54))
    expect(await reminders()).toEqual(['domain-expiry-60', 'domain-expiry-30', 'domain-expiry-7'])
    await run(at(60)) // expired: no more reminders
    expect(await reminders()).toHaveLength(3)
  })

  it('sends only the nearest reminder when earlier ones were missed, and none beyond 60 days', async () => {
    const owner = await client()
    await addDomain(owner.id, { days: 5, autoRenew: false })
    await addDomain(owner.id, { days: 61, autoRenew: false })
    await run()
    const sent = (await mailsTo(owner.email)).map((m) => m.template)
    expect(sent).toEqual(['domain-expiry-7'])
  })

  it('tells an auto-renew client at 60 days when the renewal will be charged', async () => {
    const owner = await client()
    await addDomain(owner.id, { days: 45 })
    await run()
    const [mail] = await mailsTo(owner.email)
    expect(mail?.template).toBe('domain-expiry-60')
    expect(mail?.text).toContain('Auto-renewal is on')
    expect(mail?.text).toContain('$18.98')
  })
})

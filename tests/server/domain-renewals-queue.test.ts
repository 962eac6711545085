import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { domains, mailOutbox, sandboxRegistry } from '../../server/db/schema'
import { RENEWALS_QUEUE } from '../../server/modules/domains/renewals'
import { walletBalanceMinor } from '../../server/modules/wallet'
import { registerClient } from './helpers/auth'
import { payOrder } from './helpers/orders'
import { openTestApp } from './helpers/test-app'

// The running queue (pg-boss in the test database) with short polling: the job is wired to its handler.
const app = await openTestApp({
  jobTiming: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 2 },
})
await app.ready()
const DAY = 24 * 60 * 60 * 1000

describe('the renewals queue', () => {
  it('runs the auto-renewal when its job arrives on the queue', async () => {
    const client = await registerClient(app)
    await payOrder(app, { userId: client.client.id, amountMinor: 3000 })
    const expiry = new Date(Date.now() + 10 * DAY)
    const domainName = `queued-renewal-${Date.now().toString(36)}.com`
    await app.db.insert(sandboxRegistry).values({
      domainName,
      createDate: new Date(expiry.getTime() - 365 * DAY),
      expireDate: expiry,
      authCode: 'queue-test',
    })
    const [domain] = await app.db
      .insert(domains)
      .values({
        userId: client.client.id,
        domainName,
        status: 'active',
        autoRenew: true,
        whoisPrivacy: false,
        registrationDate: new Date(expiry.getTime() - 365 * DAY),
        expiryDate: expiry,
        purchasePriceMinor: 1299,
        renewalPriceMinor: 1299,
      })
      .returning()
    if (!domain) throw new Error('domain not inserted')

    await app.jobs.send(RENEWALS_QUEUE, {})
    await vi.waitFor(
      async () => {
        const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.email))
        expect(mails.map((m) => m.template)).toContain('domain-auto-renewed')
      },
      { timeout: 30_000, interval: 250 },
    )
    const [renewed] = await app.db.select().from(domains).where(eq(domains.id, domain.id))
    expect(renewed?.expiryDate?.getTime()).toBeGreaterThan(expiry.getTime() + 364 * DAY)
    expect(await walletBalanceMinor(app.db, client.client.id)).toBe(3000 - 1299)
  })
})

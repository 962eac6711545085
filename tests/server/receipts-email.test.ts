import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type { Mailer } from '../../server/adapters/mail'
import { mailOutbox, receipts } from '../../server/db/schema'
import {
  emailReceipt,
  RECEIPT_EMAIL_CLAIM_MS,
  type ReceiptEmailOutcome,
} from '../../server/modules/receipts/service'
import { registerClient } from './helpers/auth'
import { payOrder } from './helpers/orders'
import { openTestApp } from './helpers/test-app'

/**
 * The receipt e-mail is claimed before it is sent, so the fulfilling instance, the retry job, the sweep
 * and other instances never send it twice; a refused send gives the claim back and is retried once.
 */
const app = await openTestApp({
  jobTiming: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 3 },
})

/**
 * A paid order whose receipt exists but was not e-mailed yet (as between the payment's commit and the
 * send): paid as usual, then its e-mail is taken back (unmarked, and its outbox copy removed).
 */
async function unsentReceipt() {
  const client = await registerClient(app)
  const order = await payOrder(app, { userId: client.client.id, amountMinor: 1800 })
  const [receipt] = await app.db.select().from(receipts).where(eq(receipts.orderId, order.id))
  if (!receipt) throw new Error('no receipt')
  await vi.waitFor(async () => expect(await sentTo(client.email, receipt.number)).toHaveLength(1))
  await app.db
    .update(receipts)
    .set({ emailedAt: null, emailClaimedAt: null })
    .where(eq(receipts.id, receipt.id))
  await app.db.delete(mailOutbox).where(eq(mailOutbox.to, client.email))
  return { order, receipt, email: client.email }
}

function sentTo(email: string, number: string) {
  return app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, `%${number}%`)))
}

describe('the receipt e-mail', () => {
  it('is sent once when several senders try at the same time', async () => {
    const { order, receipt, email } = await unsentReceipt()
    // A slow mail server: every sender that gets through the claim waits here, so they all overlap.
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const slow: Mailer = {
      sandbox: true,
      send: async (message) => {
        await gate
        return app.mailer.send(message)
      },
    }
    const attempts = Promise.all(
      Array.from({ length: 8 }, () => emailReceipt(app.db, slow, app.config.publicUrl, order.id)),
    )
    // Let every attempt reach its claim before the mail server answers.
    await new Promise((resolve) => setTimeout(resolve, 200))
    release()
    const outcomes = await attempts
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1)
    expect(outcomes.filter((o) => o !== 'sent').every((o) => o === 'claimed' || o === 'done')).toBe(true)
    expect(await emailReceipt(app.db, app.mailer, app.config.publicUrl, order.id)).toBe('done')
    expect(await sentTo(email, receipt.number)).toHaveLength(1)
  })

  it('a refused send is retried by the job queue and sent once', async () => {
    const client = await registerClient(app)
    // The first attempt, right after the payment, is refused by the mail server.
    const send = vi
      .spyOn(app.mailer, 'send')
      .mockResolvedValueOnce({ ok: false, error: '421 Service not available, try later' })
    const order = await payOrder(app, { userId: client.client.id, amountMinor: 2100 })
    const [receipt] = await app.db.select().from(receipts).where(eq(receipts.orderId, order.id))
    if (!receipt) throw new Error('no receipt')
    // Its job retries it.
    await vi.waitFor(
      async () => {
        const [row] = await app.db.select().from(receipts).where(eq(receipts.id, receipt.id))
        expect(row?.emailedAt).not.toBeNull()
      },
      { timeout: 20_000, interval: 200 },
    )
    expect(send.mock.calls.length).toBe(2)
    send.mockRestore()
    expect(await emailReceipt(app.db, app.mailer, app.config.publicUrl, order.id)).toBe('done')
    expect(await sentTo(client.email, receipt.number)).toHaveLength(1)
  })

  it('a refusal gives the claim back at once; a claim held by a sender that died runs out', async () => {
    const { order, receipt, email } = await unsentReceipt()
    const now = new Date()
    await app.db.update(receipts).set({ emailClaimedAt: now }).where(eq(receipts.id, receipt.id))
    const outcome = (at: Date): Promise<ReceiptEmailOutcome> =>
      emailReceipt(app.db, app.mailer, app.config.publicUrl, order.id, at)
    // A live claim (another sender is at the mail server): nobody else sends.
    expect(await outcome(new Date(now.getTime() + 1000))).toBe('claimed')
    expect(await sentTo(email, receipt.number)).toHaveLength(0)
    // A refused send after the claim ran out: the claim is given back and the error is thrown.
    const later = new Date(now.getTime() + RECEIPT_EMAIL_CLAIM_MS + 1000)
    const refusing: Mailer = { sandbox: true, send: async () => ({ ok: false, error: '421 try later' }) }
    await expect(emailReceipt(app.db, refusing, app.config.publicUrl, order.id, later)).rejects.toThrow(
      /was not sent/,
    )
    const [released] = await app.db.select().from(receipts).where(eq(receipts.id, receipt.id))
    expect(released?.emailClaimedAt).toBeNull()
    // The retry sends it, once.
    expect(await outcome(new Date(later.getTime() + 1000))).toBe('sent')
    expect(await outcome(new Date(later.getTime() + 2000))).toBe('done')
    expect(await sentTo(email, receipt.number)).toHaveLength(1)
  })
})

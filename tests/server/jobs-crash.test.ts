import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it, vi } from 'vitest'
import { SANDBOX_CARDS } from '../../server/adapters/payments'
import { wrapPglite, type DatabaseHandle } from '../../server/db/client'
import type { EmbeddedClient } from '../../server/db/pglite-thread'
import { mailOutbox, orders, receipts } from '../../server/db/schema'
import { FULFIL_QUEUE } from '../../server/modules/payments/service'
import { overdueReceiptEmails, RECEIPT_EMAIL_QUEUE } from '../../server/modules/receipts/service'
import { registerClient, type SignedIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { createTestApp, openPgliteCopy } from './helpers/test-app'

/**
 * A server killed while its worker holds a job leaves that job active in the database, with nobody to
 * finish it. Here an instance's own worker claims the job, and at that moment the instance dies: from
 * then on none of its statements reaches the database (as after SIGKILL). A new instance then starts on
 * the same database, as after a restart; its maintenance must hand the job back to the queue.
 * Embedded database only: the test cuts the instance off at the PGlite client (in a worker thread with
 * PGLITE_WORKER=1, as the server would run it).
 */
const embedded = !process.env.DATABASE_URL
const client = embedded ? await openPgliteCopy(await readFile(inject('pgliteTemplate'))) : null
afterAll(() => client?.close())

const never = () => new Promise<never>(() => {})

/** The database as an instance sees it that dies the moment its worker claims a job of `queue`. */
function diesOnClaim(real: EmbeddedClient, queue: string): DatabaseHandle {
  let dead = false
  const claimed = (text: string, values: unknown) =>
    text.includes('WITH next as') && Array.isArray(values) && values[0] === queue
  const seen = new Proxy(real, {
    get(target, property) {
      if (property === 'query') {
        return async (text: string, values?: unknown[], options?: unknown) => {
          if (dead) return never()
          const result = await target.query(text, values, options as never)
          if (claimed(text, values) && result.rows.length > 0) dead = true
          return result
        }
      }
      if (property === 'exec' || property === 'transaction') {
        return (...args: unknown[]) =>
          dead ? never() : (Reflect.get(target, property) as (...a: unknown[]) => unknown).apply(target, args)
      }
      const value: unknown = Reflect.get(target, property)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  // The dead instance is never closed: its last statements never finish.
  return { ...wrapPglite(seen), close: async () => {} }
}

/** The instance after the restart; afterAll closes the database. */
function sharedDatabase(real: EmbeddedClient): DatabaseHandle {
  return { ...wrapPglite(real), close: async () => {} }
}

/** Timing of the instance that dies: its claimed jobs expire after 2 s; it never runs maintenance. */
const DYING_TIMING = {
  pollingIntervalSeconds: 600,
  retryDelaySeconds: 1,
  retryLimit: 5,
  expireInSeconds: 2,
  maintenanceIntervalSeconds: 3600,
}

async function payTopUp(app: FastifyInstance, who: SignedIn, amount: number) {
  const api = requests(app)
  const created = await api.post(
    '/api/payments/orders/',
    { kind: 'wallet_topup', amount, idempotency_key: randomUUID() },
    who,
  )
  expect(created.statusCode).toBe(201)
  const order = created.json() as { id: number; amount: number }
  const checkout = await api.post(
    '/api/payments/stripe/process/temp_order/',
    { amount: Math.round(order.amount * 100), currency: 'usd', order_id: order.id },
    who,
  )
  const url = new URL(checkout.json().checkout_url)
  await app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      card_number: SANDBOX_CARDS.succeeds,
      exp_month: '12',
      exp_year: String(new Date().getUTCFullYear() + 1),
      cvc: '123',
    }).toString(),
  })
  expect((await api.get(`/api/payments/orders/${order.id}/`, who)).json().status).toBe('paid')
  return order
}

/** Orders of the jobs of `queue` that a worker holds. */
async function activeJobs(database: DatabaseHandle, queue: string) {
  const { rows } = await database.executeSql(
    "SELECT data FROM pgboss.job WHERE name = $1 AND state = 'active'",
    [queue],
  )
  return rows.map((row) => (row as { data: { orderId: number } }).data.orderId)
}

const receiptMails = (database: DatabaseHandle, email: string) =>
  database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'payment-receipt')))

describe.skipIf(!embedded)('jobs held by a server that was killed', () => {
  it('fulfil a paid order and e-mail a receipt after the restart', async () => {
    const real = client as EmbeddedClient
    const database = sharedDatabase(real)
    // Two paid orders, made through an instance without a running queue: one whose fulfilment failed,
    // one fulfilled whose receipt e-mail is still to be sent.
    const before = await createTestApp({ database })
    const unlucky = await registerClient(before)
    const lucky = await registerClient(before)
    const realFulfiller = (
      before.orderHooks as unknown as { fulfillers: Map<string, unknown> }
    ).fulfillers.get('wallet_topup')
    before.orderHooks.registerFulfiller('wallet_topup', async () => {
      throw new Error('registry down')
    })
    const unfulfilled = await payTopUp(before, unlucky, 12)
    before.orderHooks.registerFulfiller('wallet_topup', realFulfiller as never)
    const fulfilled = await payTopUp(before, lucky, 8)
    await before.close()
    // Sent inline there (no queue); taken back, so the e-mail is still owed.
    await database.db.update(receipts).set({ emailedAt: null }).where(eq(receipts.orderId, fulfilled.id))
    await database.db.delete(mailOutbox).where(eq(mailOutbox.to, lucky.email))

    // Each job is claimed by a server's worker, and that server dies holding it.
    for (const [queue, orderId] of [
      [FULFIL_QUEUE, unfulfilled.id],
      [RECEIPT_EMAIL_QUEUE, fulfilled.id],
    ] as const) {
      const dying = await createTestApp({ database: diesOnClaim(real, queue), jobTiming: DYING_TIMING })
      await dying.jobs.send(queue, { orderId })
      await vi.waitFor(async () => expect(await activeJobs(database, queue)).toEqual([orderId]), {
        timeout: 10_000,
      })
    }
    const [stuck] = await database.db.select().from(orders).where(eq(orders.id, unfulfilled.id))
    expect(stuck).toMatchObject({ status: 'paid', fulfilmentStatus: 'failed' })
    expect(await receiptMails(database, lucky.email)).toHaveLength(0)

    // The restart: a new instance on the same database.
    const restarted = await createTestApp({
      database,
      jobTiming: {
        pollingIntervalSeconds: 0.5,
        retryDelaySeconds: 1,
        retryLimit: 5,
        expireInSeconds: 2,
        maintenanceIntervalSeconds: 1,
      },
    })
    try {
      const api = requests(restarted)
      await vi.waitFor(
        async () =>
          expect((await api.get(`/api/payments/orders/${unfulfilled.id}/`, unlucky)).json().fulfilled).toBe(
            true,
          ),
        { timeout: 30_000, interval: 250 },
      )
      expect((await api.get('/api/client/wallet/', unlucky)).json().balance).toBe(12)
      await vi.waitFor(async () => expect(await receiptMails(database, lucky.email)).toHaveLength(1), {
        timeout: 30_000,
        interval: 250,
      })
      // The order fulfilled after the restart gets its receipt e-mail too, once.
      await vi.waitFor(async () => expect(await receiptMails(database, unlucky.email)).toHaveLength(1), {
        timeout: 30_000,
        interval: 250,
      })
      expect((await api.get('/api/client/wallet/', lucky)).json().balance).toBe(8)
    } finally {
      await restarted.close()
    }
  }, 90_000)
})

describe('receipt e-mails', () => {
  it('go out at once after the payment, and one the mail server refuses is retried on the job queue', async () => {
    const app = await createTestApp({
      jobTiming: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 3 },
    })
    try {
      const send = app.mailer.send.bind(app.mailer)
      let receiptSends = 0
      // The mail server refuses the first receipt e-mail only.
      app.mailer.send = async (message) =>
        message.template === 'payment-receipt' && ++receiptSends === 1
          ? { ok: false, error: 'mail server refused' }
          : send(message)
      const first = await registerClient(app)
      const refused = await payTopUp(app, first, 6)
      const second = await registerClient(app)
      await payTopUp(app, second, 7)
      for (const who of [first, second])
        await vi.waitFor(async () => expect(await receiptMails(app.database, who.email)).toHaveLength(1), {
          timeout: 20_000,
          interval: 200,
        })
      // Two e-mails at once and one retry of the refused one.
      expect(receiptSends).toBe(3)
      const [receipt] = await app.db.select().from(receipts).where(eq(receipts.orderId, refused.id))
      expect(receipt?.emailedAt).toBeInstanceOf(Date)
    } finally {
      await app.close()
    }
  })

  it('the sweep finds a receipt whose e-mail job was never queued', async () => {
    const app = await createTestApp()
    try {
      const who = await registerClient(app)
      // The queue is not running here, so the e-mail goes out at once; take it back to look unsent.
      const order = await payTopUp(app, who, 5)
      await app.db.update(receipts).set({ emailedAt: null }).where(eq(receipts.orderId, order.id))
      expect(await overdueReceiptEmails(app.db)).not.toContain(order.id)
      expect(await overdueReceiptEmails(app.db, Date.now() + 11 * 60_000)).toContain(order.id)
      expect(await overdueReceiptEmails(app.db, Date.now() + 4 * 86_400_000)).not.toContain(order.id)
    } finally {
      await app.close()
    }
  })
})

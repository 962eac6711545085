import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { SANDBOX_CARDS } from '../../server/adapters/payments'
import type { DatabaseHandle } from '../../server/db/client'
import { mailOutbox, orders, receipts } from '../../server/db/schema'
import { FULFIL_QUEUE } from '../../server/modules/payments/service'
import { overdueReceiptEmails, RECEIPT_EMAIL_QUEUE } from '../../server/modules/receipts/service'
import { registerClient, type SignedIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { createTestApp, openTestDatabase } from './helpers/test-app'

/**
 * A server killed while its worker holds a job leaves that job active in the database, with nobody to
 * finish it. Here the first instance's job is claimed the way its worker claims one (pg-boss fetch, the
 * same statement) and never finished; the instance then goes away and a new one starts on the same
 * database, as after a restart. The new instance's maintenance must hand the job back to the queue.
 */
const database = await openTestDatabase()
afterAll(() => database.close())

/** The instances may not close the database: the restarted one goes on using it, then afterAll closes it. */
const keptOpen: DatabaseHandle = { ...database, close: async () => {} }

// Jobs claimed by the dead instance expire after 2 s; its own worker never polls again within the test.
const firstInstance = await createTestApp({
  database: keptOpen,
  jobTiming: {
    pollingIntervalSeconds: 600,
    retryDelaySeconds: 1,
    retryLimit: 5,
    expireInSeconds: 2,
    maintenanceIntervalSeconds: 3600,
  },
})

/** A worker that claims one job of a queue and dies holding it. */
async function claimAndDie(queue: string) {
  const dead = new PgBoss({ db: { executeSql: database.executeSql }, supervise: false, schedule: false })
  await dead.start()
  const [job] = await dead.fetch<{ orderId: number }>(queue)
  await dead.stop({ graceful: false, close: false, wait: true })
  return job
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

const receiptMails = (email: string) =>
  database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'payment-receipt')))

describe('jobs held by a server that was killed', () => {
  it('fulfil a paid order and e-mail a receipt after the restart', async () => {
    // A paid order whose fulfilment failed at the notification: its retry job is claimed, then the server dies.
    const unlucky = await registerClient(firstInstance)
    const hooks = firstInstance.orderHooks as unknown as { fulfillers: Map<string, unknown> }
    const realFulfiller = hooks.fulfillers.get('wallet_topup')
    firstInstance.orderHooks.registerFulfiller('wallet_topup', async () => {
      throw new Error('registry down')
    })
    const unfulfilled = await payTopUp(firstInstance, unlucky, 12)
    hooks.fulfillers.set('wallet_topup', realFulfiller)
    expect((await claimAndDie(FULFIL_QUEUE))?.data.orderId).toBe(unfulfilled.id)

    // A paid, fulfilled order whose receipt e-mail job is claimed, then the server dies.
    const lucky = await registerClient(firstInstance)
    const fulfilled = await payTopUp(firstInstance, lucky, 8)
    expect((await claimAndDie(RECEIPT_EMAIL_QUEUE))?.data.orderId).toBe(fulfilled.id)
    await firstInstance.close()

    const [stuck] = await database.db.select().from(orders).where(eq(orders.id, unfulfilled.id))
    expect(stuck).toMatchObject({ status: 'paid', fulfilmentStatus: 'failed' })
    expect(await receiptMails(lucky.email)).toHaveLength(0)

    // The restart: a new instance on the same database.
    const restarted = await createTestApp({
      database: keptOpen,
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
      await vi.waitFor(async () => expect(await receiptMails(lucky.email)).toHaveLength(1), {
        timeout: 30_000,
        interval: 250,
      })
      // The order fulfilled after the restart gets its receipt e-mail too, once.
      await vi.waitFor(async () => expect(await receiptMails(unlucky.email)).toHaveLength(1), {
        timeout: 30_000,
        interval: 250,
      })
      expect((await api.get('/api/client/wallet/', lucky)).json().balance).toBe(8)
    } finally {
      await restarted.close()
    }
  }, 90_000)

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

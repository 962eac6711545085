import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { appDetailsSchema, createAppResponseSchema, packageListSchema } from '../../src/contract/apps'
import type { DatabaseHandle } from '../../server/db/client'
import { appMessages, orders, smsOutbox } from '../../server/db/schema'
import { fulfilAppOrder } from '../../server/modules/apps/service'
import { registerClient } from './helpers/auth'
import { requests } from './helpers/requests'
import { createTestApp, openTestDatabase } from './helpers/test-app'

/**
 * Accepting a message stores it (202) before anything is delivered. An instance that stops right after
 * that (a crash, a deploy) must not lose it: the next instance on the same database delivers it, once.
 * The first instance here runs without its job queue, so it accepts and never starts a delivery pass.
 */
const database = await openTestDatabase()
afterAll(() => database.close())
const shared: DatabaseHandle = { ...database, close: async () => {} }

/** A paid, active SMS app of a new client on `app`; its key. */
async function smsAppKey(app: FastifyInstance): Promise<string> {
  const who = await registerClient(app)
  const { get, post } = requests(app)
  const catalogue = packageListSchema.parse((await get('/api/client/packages/?service_type=sms', who)).json())
  const created = createAppResponseSchema.parse(
    (
      await post(
        '/api/client/create-app/',
        {
          app_name: 'Restart Proof',
          service_type: ['sms'],
          selected_packages: { sms: catalogue.packages[0]?.id },
          payment_method: 'stripe',
        },
        who,
      )
    ).json(),
  )
  const [order] = await app.db
    .select()
    .from(orders)
    .where(eq(orders.id, created.order_id as number))
  await fulfilAppOrder(app.db, order as { details: Record<string, unknown> })
  return appDetailsSchema.parse((await get(`/api/client/apps/${created.id}/`, who)).json()).api_key as string
}

describe('an accepted message survives the instance that accepted it', () => {
  it('is delivered exactly once by the next instance', async () => {
    const first = await createTestApp({ database: shared })
    const key = await smsAppKey(first)
    const bodies = ['Parcel 1 shipped', 'Parcel 2 shipped', 'Parcel 3 shipped']
    const ids: number[] = []
    for (const body of bodies) {
      const accepted = await first.inject({
        method: 'POST',
        url: '/api/v1/messages',
        headers: { 'x-api-key': key },
        payload: { channel: 'sms', to: '+13125550150', body },
      })
      expect(accepted.statusCode).toBe(202)
      ids.push(accepted.json().id)
    }
    await first.close()
    const stored = await shared.db.select().from(appMessages).where(eq(appMessages.sentTo, '+13125550150'))
    expect(stored.map((m) => [m.status, m.attempts])).toEqual(bodies.map(() => ['queued', 0]))

    const next = await createTestApp({
      database: shared,
      jobTiming: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 3 },
    })
    try {
      await vi.waitFor(
        async () => {
          const rows = await next.db
            .select()
            .from(appMessages)
            .where(eq(appMessages.sentTo, '+13125550150'))
            .orderBy(appMessages.id)
          expect(rows.map((m) => [m.id, m.status, m.attempts])).toEqual(ids.map((id) => [id, 'delivered', 1]))
        },
        { timeout: 20_000, interval: 200 },
      )
      const sent = await next.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+13125550150'))
      expect(sent.map((m) => m.body).sort()).toEqual([...bodies].sort())
    } finally {
      await next.close()
    }
  })
})

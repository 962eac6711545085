// GET answers kept per caller until a table they read changes (server/lib/data-versions.ts, issue 31):
// a write by any path shows on the very next read, deadlines end a kept answer without a write, and one
// caller's answer is never another's.
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { accountSchema } from '../../src/contract/auth'
import { partnerListSchema } from '../../src/contract/partners'
import { ticketListSchema } from '../../src/contract/support'
import { blogPostListSchema } from '../../src/contract/blog'
import { blogPosts, partners, tickets as supportTickets } from '../../server/db/schema'
import { registerClient, signIn, STAFF, type SignedIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, patch, post, postForm } = requests(app)
const embedded = app.database.kind === 'pglite'
let demo: SignedIn

beforeAll(async () => {
  demo = await signIn(app)
})

async function partnerNames() {
  const response = await get('/api/public/partners/?page=1')
  expect(response.statusCode).toBe(200)
  return partnerListSchema.parse(response.json()).results.map((p) => p.name)
}

async function account(who: SignedIn) {
  const response = await get('/api/client/accounts/me/', who)
  expect(response.statusCode).toBe(200)
  return accountSchema.parse(response.json())
}

describe('kept answers', () => {
  it.runIf(embedded)('are kept: a write the database does not announce is not seen', async () => {
    const before = await partnerNames()
    const [first] = await app.db.select().from(partners).where(eq(partners.isActive, true)).limit(1)
    if (!first) throw new Error('no partner')
    await app.database.executeSql(`set cypher.change_notify = 'off'`)
    try {
      await app.db.update(partners).set({ name: 'Unannounced Name' }).where(eq(partners.id, first.id))
      expect(await partnerNames()).toEqual(before)
    } finally {
      await app.database.executeSql(`set cypher.change_notify = 'on'`)
      await app.db.update(partners).set({ name: first.name }).where(eq(partners.id, first.id))
    }
    expect(await partnerNames()).toEqual(before)
  })

  it.runIf(!embedded)(
    'are kept on PostgreSQL too, signed-in answers included, while the listening connection is up',
    async () => {
      const who = await registerClient(app)
      const before = await account(who)
      // An unannounced write (the triggers stay silent in this transaction) is not seen: kept.
      await app.database.executeSql(
        `SET LOCAL cypher.change_notify = 'off'; UPDATE users SET first_name = 'Unannounced' WHERE id = ${who.client.id}`,
      )
      expect(await account(who)).toEqual(before)
      // The listening connection lost: nothing signed-in is kept until it is back, then kept again.
      await app.database.executeSql(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      )
      await expect.poll(async () => (await account(who)).first_name, { timeout: 5_000 }).toBe('Unannounced')
      await app.database.executeSql(
        `SET LOCAL cypher.change_notify = 'off'; UPDATE users SET first_name = 'Second' WHERE id = ${who.client.id}`,
      )
      await expect.poll(async () => (await account(who)).first_name, { timeout: 15_000 }).toBe('Second')
      await app.database.executeSql(
        `SET LOCAL cypher.change_notify = 'off'; UPDATE users SET first_name = 'Third' WHERE id = ${who.client.id}`,
      )
      // Back and keeping: the unannounced write is not seen again.
      await expect
        .poll(
          async () => {
            const first = (await account(who)).first_name
            await app.database.executeSql(
              `SET LOCAL cypher.change_notify = 'off'; UPDATE users SET first_name = first_name || '!' WHERE id = ${who.client.id}`,
            )
            return (await account(who)).first_name === first
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(true)
    },
  )

  it.runIf(!embedded)(
    'keep a read that expires what is due as it reads (its own writes do not drop it) on PostgreSQL',
    async () => {
      const who = await registerClient(app)
      const balance = async () => (await get('/api/client/wallet/', who)).json().balance as number
      expect(await balance()).toBe(0)
      expect(await balance()).toBe(0)
      // An unannounced credit: not seen while the wallet's answer is kept.
      await app.database.executeSql(
        `SET LOCAL cypher.change_notify = 'off'; INSERT INTO wallet_entries (user_id, transaction_type, source, amount_minor, description) VALUES (${who.client.id}, 'deposit', 'topup', 500, 'Unannounced')`,
      )
      expect(await balance()).toBe(0)
    },
  )

  it('show a write made straight to the database (not through this server) on the next read', async () => {
    const before = await partnerNames()
    await app.database.executeSql(
      `INSERT INTO partners (name, image, is_active, position) VALUES ('Aardvark Freshness', '/images/partners/x.svg', true, -1)`,
    )
    // On PostgreSQL the announcement arrives on the listening connection a moment after the commit.
    await expect.poll(partnerNames, { timeout: 2_000, interval: 20 }).toContain('Aardvark Freshness')
    await app.database.executeSql(`DELETE FROM partners WHERE name = 'Aardvark Freshness'`)
    await expect.poll(partnerNames, { timeout: 2_000, interval: 20 }).toEqual(before)
  })

  it('drop public content when staff unpublish it, on either database', async () => {
    const staff = await signIn(app, STAFF)
    const [first] = await app.db.select().from(partners).where(eq(partners.isActive, true)).limit(1)
    if (!first) throw new Error('no partner')
    expect(await partnerNames()).toContain(first.name)
    const hidden = await post(`/api/staff/content/partners/${first.id}/unpublish/`, {}, staff)
    expect(hidden.statusCode).toBe(200)
    expect(await partnerNames()).not.toContain(first.name)
    await post(`/api/staff/content/partners/${first.id}/publish/`, {}, staff)
    expect(await partnerNames()).toContain(first.name)
  })

  it("show the caller's own change at once, and only to that caller", async () => {
    const one = await registerClient(app)
    const two = await registerClient(app)
    const twoBefore = await account(two)
    expect((await account(one)).first_name).toBe('Test')
    const saved = await patch(
      '/api/client/accounts/me/',
      {
        first_name: 'Renamed',
        last_name: 'Client',
        company_name: 'Kept Co',
        phone: '+1 555 0100',
        newsletter: false,
      },
      one,
    )
    expect(saved.statusCode).toBe(200)
    expect((await account(one)).first_name).toBe('Renamed')
    expect(await account(two)).toEqual(twoBefore)
    expect((await account(two)).email).toBe(two.email)
  })

  it("never answer one caller with another's list", async () => {
    const other = await registerClient(app)
    const demoList = ticketListSchema.parse((await get('/api/support/tickets/', demo)).json())
    const otherList = ticketListSchema.parse((await get('/api/support/tickets/', other)).json())
    expect(demoList.count).toBeGreaterThan(0)
    expect(otherList.count).toBe(0)
    // The same URL again, both ways round.
    expect(ticketListSchema.parse((await get('/api/support/tickets/', other)).json()).count).toBe(0)
    expect(ticketListSchema.parse((await get('/api/support/tickets/', demo)).json()).count).toBe(
      demoList.count,
    )
    expect((await get('/api/support/tickets/')).statusCode).toBe(401)
  })

  it('show a ticket the caller creates on the next read of the list', async () => {
    const before = ticketListSchema.parse((await get('/api/support/tickets/', demo)).json())
    const projects = (await get('/api/client/projects/', demo)).json() as { results: { project: number }[] }
    const created = await postForm(
      '/api/support/tickets/',
      {
        project: String(projects.results[0]?.project),
        title: 'Kept answers ticket',
        description: 'Fresh, please.',
      },
      {},
      demo,
    )
    expect(created.statusCode).toBe(201)
    const after = ticketListSchema.parse((await get('/api/support/tickets/', demo)).json())
    expect(after.count).toBe(before.count + 1)
    expect(after.results.map((t) => t.title)).toContain('Kept answers ticket')
  })

  it('go stale when a ticket falls overdue, without any write', async () => {
    const [ticket] = await app.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(sql`${supportTickets.status} not in ('resolved', 'closed')`)
      .limit(1)
    const id = ticket?.id as number
    await app.db
      .update(supportTickets)
      .set({ dueAt: new Date(Date.now() + 400) })
      .where(eq(supportTickets.id, id))
    const overdue = async () => {
      const response = await get(`/api/support/tickets/${id}/`, demo)
      expect(response.statusCode).toBe(200)
      return (response.json() as { is_overdue: boolean }).is_overdue
    }
    expect(await overdue()).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await overdue()).toBe(true)
  })

  it('go stale when a scheduled post is due, without any write', async () => {
    const titles = async () =>
      blogPostListSchema
        .parse((await get('/api/public/blog/posts/?search=Scheduled%20kept')).json())
        .results.map((p) => p.title)
    await app.db.insert(blogPosts).values({
      title: 'Scheduled kept post',
      slug: `scheduled-kept-${Date.now()}`,
      excerpt: 'Soon.',
      content: 'Soon.',
      status: 'published',
      publishedAt: new Date(Date.now() + 400),
    })
    expect(await titles()).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await titles()).toEqual(['Scheduled kept post'])
  })
})

// The dashboard figures are kept in memory on the embedded database (portal/overview-cache.ts), and the
// whole answer is kept on both databases (server/lib/data-versions.ts): every write that changes them, by
// any path, must show on the very next read, and only for its own client.
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { clientOverviewSchema } from '../../src/contract/portal'
import { appMessages, apps, clients, users } from '../../server/db/schema'
import { OverviewCache } from '../../server/modules/portal/overview-cache'
import { registerClient, signIn, STAFF, type SignedIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, post, patch } = requests(app)
let staff: SignedIn
beforeAll(async () => {
  staff = await signIn(app, STAFF)
})

async function overviewOf(who: SignedIn) {
  const response = await get('/api/client/overview/', who)
  expect(response.statusCode).toBe(200)
  return clientOverviewSchema.parse(response.json())
}

/** A new client whose figures have been read once (and so are kept, on the embedded database). */
async function readClient() {
  const who = await registerClient(app)
  const [row] = await app.db.select({ id: clients.id }).from(clients).where(eq(clients.userId, who.client.id))
  const clientId = row?.id as number
  const first = await overviewOf(who)
  return { who, clientId, first }
}

async function addApp(clientId: number) {
  const [row] = await app.db
    .insert(apps)
    .values({ clientId, name: 'Sender', description: '', status: 'active' })
    .returning({ id: apps.id })
  return row?.id as number
}

describe('the dashboard overview after a write', () => {
  it('counts a project staff create for the client at once, and its end', async () => {
    const { who, clientId, first } = await readClient()
    expect(first.overview.active_projects).toBe(0)
    const created = await post(
      '/api/staff/projects/',
      { name: 'Fresh Figures', status: 'active', clients: [clientId] },
      staff,
    )
    expect(created.statusCode).toBe(201)
    expect((await overviewOf(who)).overview.active_projects).toBe(1)

    const projectId = (created.json() as { id: number }).id
    const ended = await patch(`/api/staff/projects/${projectId}/`, { status: 'completed' }, staff)
    expect(ended.statusCode).toBe(200)
    expect((await overviewOf(who)).overview.active_projects).toBe(0)
  })

  it('counts an app written straight to the database (as a job would) at once', async () => {
    const { who, clientId } = await readClient()
    await addApp(clientId)
    expect((await overviewOf(who)).overview.total_apps).toBe(1)
    await app.db.delete(apps).where(eq(apps.clientId, clientId))
    expect((await overviewOf(who)).overview.total_apps).toBe(0)
  })

  it('follows messages as they are stored and as their delivery outcome changes', async () => {
    const { who, clientId } = await readClient()
    const appId = await addApp(clientId)
    const [message] = await app.db
      .insert(appMessages)
      .values({ appId, type: 'sms', sentTo: '+13125550101', status: 'sent' })
      .returning({ id: appMessages.id })
    const sent = await overviewOf(who)
    expect(sent.client.contacts_count).toBe(1)
    expect(sent.overview.success_rate).toBe(0)

    await app.db
      .update(appMessages)
      .set({ status: 'delivered' })
      .where(eq(appMessages.id, message?.id as number))
    expect((await overviewOf(who)).overview.success_rate).toBe(100)
  })

  it('greets with the new name and company as soon as they are saved', async () => {
    const { who } = await readClient()
    await app.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, who.client.id))
    await app.db.update(clients).set({ companyName: 'New Name Ltd' }).where(eq(clients.userId, who.client.id))
    const after = await overviewOf(who)
    expect(after.client.user.first_name).toBe('Renamed')
    expect(after.client.company_name).toBe('New Name Ltd')
  })

  it("keeps each client's figures apart: a write changes its own client's only", async () => {
    const a = await readClient()
    const b = await readClient()
    await addApp(a.clientId)
    await addApp(a.clientId)
    await addApp(b.clientId)
    expect((await overviewOf(a.who)).overview.total_apps).toBe(2)
    expect((await overviewOf(b.who)).overview.total_apps).toBe(1)
    await addApp(b.clientId)
    expect((await overviewOf(a.who)).overview.total_apps).toBe(2)
    expect((await overviewOf(b.who)).overview.total_apps).toBe(2)
    expect((await overviewOf(a.who)).client.company_name).not.toBe(
      (await overviewOf(b.who)).client.company_name,
    )
  })

  it.runIf(app.database.kind === 'pglite')(
    'serves kept figures on the embedded database (a write the triggers do not report stays unseen)',
    async () => {
      const { who, clientId } = await readClient()
      // Proves the figures above came from the kept copy, so the tests before this one test it.
      await app.database.executeSql(`set cypher.overview_notify = 'off'`)
      try {
        await addApp(clientId)
        expect((await overviewOf(who)).overview.total_apps).toBe(0)
      } finally {
        await app.database.executeSql(`set cypher.overview_notify = 'on'`)
      }
      await addApp(clientId)
      expect((await overviewOf(who)).overview.total_apps).toBe(2)
    },
  )
})

/** Renames a user in a write the data_change triggers do not announce (the overview's own triggers still do). */
async function renameUnannounced(userId: number, firstName: string) {
  if (app.database.kind === 'pglite') {
    await app.database.executeSql(`set cypher.change_notify = 'off'`)
    try {
      await app.db.update(users).set({ firstName }).where(eq(users.id, userId))
    } finally {
      await app.database.executeSql(`set cypher.change_notify = 'on'`)
    }
  } else {
    await app.database.executeSql(
      `SET LOCAL cypher.change_notify = 'off'; UPDATE users SET first_name = '${firstName}' WHERE id = ${userId}`,
    )
  }
}

describe('the overview as a kept answer (issue 31)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is kept on either database until a table it read changes', async () => {
    const { who, first } = await readClient()
    await renameUnannounced(who.client.id, 'Unannounced')
    expect((await overviewOf(who)).client.user.first_name).toBe(first.client.user.first_name)
    await app.db.update(users).set({ firstName: 'Announced' }).where(eq(users.id, who.client.id))
    expect((await overviewOf(who)).client.user.first_name).toBe('Announced')
  })

  it('is read again when the next month begins (its trends compare with the month start)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-31T23:59:58Z'))
    const { who, first } = await readClient()
    await renameUnannounced(who.client.id, 'NewMonth')
    expect((await overviewOf(who)).client.user.first_name).toBe(first.client.user.first_name)
    vi.setSystemTime(new Date('2027-01-01T00:00:01Z'))
    expect((await overviewOf(who)).client.user.first_name).toBe('NewMonth')
  })
})

describe('OverviewCache', () => {
  const listening = async () => {
    const cache = new OverviewCache<{ apps: number }>()
    // The cache's own mechanism, as on the embedded database (the only one it listens on).
    await cache.listen({
      ...app.database,
      kind: 'pglite',
      listen: async () => async () => {},
      executeSql: async () => ({ rows: [] }),
    })
    return cache
  }

  it('keeps nothing read while a change to the same user committed', async () => {
    const cache = await listening()
    const read = cache.get(7, async () => {
      cache.changed(7)
      return { apps: 1 }
    })
    expect(await read).toEqual({ apps: 1 })
    expect(await cache.get(7, async () => ({ apps: 2 }))).toEqual({ apps: 2 })
    expect(await cache.get(7, async () => ({ apps: 3 }))).toEqual({ apps: 2 })
  })

  it("keeps a user's figures when another user's change", async () => {
    const cache = await listening()
    await cache.get(1, async () => ({ apps: 1 }))
    cache.changed(2)
    expect(await cache.get(1, async () => ({ apps: 9 }))).toEqual({ apps: 1 })
    cache.changed(1)
    expect(await cache.get(1, async () => ({ apps: 9 }))).toEqual({ apps: 9 })
  })

  it('keeps nothing when the database cannot report changes', async () => {
    const cache = new OverviewCache<{ apps: number }>()
    const { listen: _none, ...withoutListen } = app.database
    await cache.listen(withoutListen)
    await cache.get(1, async () => ({ apps: 1 }))
    expect(await cache.get(1, async () => ({ apps: 2 }))).toEqual({ apps: 2 })
  })
})

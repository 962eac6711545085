import { beforeAll, describe, expect, it } from 'vitest'
import { appDetailsSchema, appListSchema } from '../../src/contract/apps'
import {
  clientOverviewSchema,
  clientProjectListSchema,
  projectOverviewSchema,
} from '../../src/contract/portal'
import { eq } from 'drizzle-orm'
import { SECOND_CLIENT } from '../../server/db/seed/accounts'
import { appMessages, apps, clients } from '../../server/db/schema'
import { registerClient, signIn, STAFF, type SignedIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
let demo: SignedIn
let other: SignedIn
beforeAll(async () => {
  demo = await signIn(app)
  other = await registerClient(app)
})

const { get } = requests(app)

async function demoProjects() {
  const body = clientProjectListSchema.parse((await get('/api/client/projects/', demo)).json())
  const byName = (name: string) => {
    const card = body.results.find((p) => p.project_name === name)
    if (!card) throw new Error(`no project ${name}`)
    return card
  }
  return { body, atlas: byName('Atlas Commerce Platform'), warehouse: byName('Data Warehouse Migration') }
}

describe('GET /api/client/overview/', () => {
  it('answers the greeting and the stat figures computed from the client data', async () => {
    const response = await get('/api/client/overview/', demo)
    expect(response.statusCode).toBe(200)
    const body = clientOverviewSchema.parse(response.json())
    expect(body.client.user.first_name).toBe('Dana')
    expect(body.client.company_name).toBe('Demo Company')
    // Four apps; Atlas is the one active project (the others are completed and on hold).
    expect(body.overview.total_apps).toBe(4)
    expect(body.overview.active_projects).toBe(1)
    // 72 seeded messages, 3 failed: 69 / 72 = 95.8 %.
    expect(body.overview.success_rate).toBe(95.8)
    expect(body.client.contacts_count).toBeGreaterThan(0)
  })

  it('answers zeros for a new client', async () => {
    const body = clientOverviewSchema.parse((await get('/api/client/overview/', other)).json())
    expect(body.overview).toEqual({ total_apps: 0, active_projects: 0, success_rate: 0 })
    expect(body.client.contacts_count).toBe(0)
    expect(body.client.user.first_name).toBe('Test')
    // Nothing to compare with: no trend at all, never a made-up figure.
    expect(body.trends).toEqual({
      total_apps: null,
      active_projects: null,
      contacts: null,
      success_rate: null,
    })
  })

  it("compares the demo client's figures with the start of the month, the same on every day of it", async () => {
    const body = clientOverviewSchema.parse((await get('/api/client/overview/', demo)).json())
    // The seed puts 10 of its 72 messages in the current month (none failed): 59 / 62 delivered when
    // the month began, 69 / 72 now, and 45 → 51 recipients; apps and the running project are older.
    expect(body.trends).toEqual({ total_apps: 0, active_projects: 0, contacts: 13.3, success_rate: 0.7 })
  })

  it('computes the trends from the records on each side of the month start', async () => {
    const client = await registerClient(app)
    const [row] = await app.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.userId, client.client.id))
    const clientId = row?.id as number
    const now = new Date()
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    const lastMonth = new Date(monthStart.getTime() - 86_400_000)
    const [old] = await app.db
      .insert(apps)
      .values({ clientId, name: 'Old', description: '', status: 'active', createdAt: lastMonth })
      .returning({ id: apps.id })
    await app.db.insert(apps).values([
      { clientId, name: 'New 1', description: '', status: 'active', createdAt: monthStart },
      { clientId, name: 'New 2', description: '', status: 'active', createdAt: monthStart },
    ])
    const message = (sentTo: string, status: 'delivered' | 'failed', createdAt: Date) => ({
      appId: old?.id as number,
      type: 'sms' as const,
      sentTo,
      status,
      createdAt,
    })
    await app.db
      .insert(appMessages)
      .values([
        message('+13125550001', 'delivered', lastMonth),
        message('+13125550002', 'failed', lastMonth),
        message('+13125550003', 'delivered', monthStart),
        message('+13125550004', 'delivered', monthStart),
      ])
    const body = clientOverviewSchema.parse((await get('/api/client/overview/', client)).json())
    // Apps 1 → 3 (+200%); recipients 2 → 4 (+100%); delivered 1/2 → 3/4 (+25 points); no projects.
    expect(body.overview).toMatchObject({ total_apps: 3, success_rate: 75 })
    expect(body.trends).toEqual({ total_apps: 200, active_projects: null, contacts: 100, success_rate: 25 })
  })

  it('shows a new record at once although the figures of the month start are kept for a while', async () => {
    const client = await registerClient(app)
    const [row] = await app.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.userId, client.client.id))
    const clientId = row?.id as number
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1))
    const lastMonth = new Date(monthStart.getTime() - 86_400_000)
    await app.db
      .insert(apps)
      .values({ clientId, name: 'Old', description: '', status: 'active', createdAt: lastMonth })
    const first = clientOverviewSchema.parse((await get('/api/client/overview/', client)).json())
    expect(first.overview.total_apps).toBe(1)
    expect(first.trends.total_apps).toBe(0)

    await app.db.insert(apps).values({ clientId, name: 'New', description: '', status: 'active' })
    const second = clientOverviewSchema.parse((await get('/api/client/overview/', client)).json())
    // The current figure is read on every call; the month start's (1 app) is the kept one.
    expect(second.overview.total_apps).toBe(2)
    expect(second.trends.total_apps).toBe(100)
  })

  it('requires a token', async () => {
    expect((await get('/api/client/overview/')).statusCode).toBe(401)
  })
})

describe('GET /api/client/projects/', () => {
  it('lists the three demo projects newest first with the card fields', async () => {
    const response = await get('/api/client/projects/', demo)
    expect(response.statusCode).toBe(200)
    const { body, atlas, warehouse } = await demoProjects()
    expect(body.count).toBe(3)
    expect(body.next).toBeNull()
    expect(body.results.map((p) => p.project_status)).toEqual(['on_hold', 'active', 'completed'])
    expect(atlas).toMatchObject({ project_key: 'ATLAS', access_level: 'admin', project_status: 'active' })
    // Stored without an access level or description: the screen shows its fallbacks.
    expect(warehouse.access_level).toBeNull()
    expect(warehouse.description).toBe('')
  })

  it('is empty for a client without projects', async () => {
    const body = clientProjectListSchema.parse((await get('/api/client/projects/', other)).json())
    expect(body).toMatchObject({ count: 0, results: [] })
  })

  it('rejects a bad page with 400', async () => {
    expect((await get('/api/client/projects/?page=0', demo)).statusCode).toBe(400)
    expect((await get('/api/client/projects/?page=abc', demo)).statusCode).toBe(400)
  })
})

describe('GET /api/client/projects/{id}/overview/', () => {
  it('answers summary, finances from the paid milestones, ordered milestones and links', async () => {
    const { atlas } = await demoProjects()
    const response = await get(`/api/client/projects/${atlas.project}/overview/`, demo)
    expect(response.statusCode).toBe(200)
    const body = projectOverviewSchema.parse(response.json())
    expect(body).toMatchObject({
      name: 'Atlas Commerce Platform',
      key: 'ATLAS',
      status: 'active',
      priority: 'high',
      members_count: 6,
      user_stories_count: 8,
      progress: 62,
      website_url: 'https://atlas.example.com',
    })
    expect(body.financial).toEqual({
      total_budget: 48000,
      amount_paid: 15000,
      remaining_budget: 33000,
      progress_percentage: 31.3,
    })
    expect(body.milestones.map((m) => m.status)).toEqual(['paid', 'paid', 'overdue', 'pending', 'pending'])
    expect(body.milestones.map((m) => m.order)).toEqual([1, 2, 3, 4, 5])
    expect(body.links.find((l) => l.link_type === 'website')?.url).toBe('https://atlas.example.com')
    expect(body.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('lets staff read any project', async () => {
    const { atlas } = await demoProjects()
    const staff = await signIn(app, STAFF)
    expect((await get(`/api/client/projects/${atlas.project}/overview/`, staff)).statusCode).toBe(200)
  })

  it('answers 404 for another client, an unknown id and an id beyond the integer range', async () => {
    const { atlas } = await demoProjects()
    expect((await get(`/api/client/projects/${atlas.project}/overview/`, other)).statusCode).toBe(404)
    expect((await get('/api/client/projects/999999/overview/', demo)).statusCode).toBe(404)
    const huge = await get('/api/client/projects/99999999999/overview/', demo)
    expect(huge.statusCode).toBe(400)
    expect((await get('/api/client/projects/abc/overview/', demo)).statusCode).toBe(400)
  })
})

describe('the second demo company', () => {
  it('sees its own project, which the demo client cannot open', async () => {
    const northwind = await signIn(app, SECOND_CLIENT)
    const body = clientProjectListSchema.parse((await get('/api/client/projects/', northwind)).json())
    expect(body.results.map((p) => p.project_name)).toEqual(['Fleet Tracking Platform'])
    const fleet = body.results[0]?.project
    expect((await get(`/api/client/projects/${fleet}/overview/`, northwind)).statusCode).toBe(200)
    expect((await get(`/api/client/projects/${fleet}/overview/`, demo)).statusCode).toBe(404)
  })
})

describe('GET /api/client/apps/ and /api/client/apps/{id}/', () => {
  it('lists the apps with company, key and subscriptions', async () => {
    const response = await get('/api/client/apps/', demo)
    expect(response.statusCode).toBe(200)
    const body = appListSchema.parse(response.json())
    expect(body.count).toBe(4)
    expect(body.results.map((a) => a.status).sort()).toEqual(['active', 'active', 'inactive', 'maintenance'])
    expect(body.results.every((a) => a.client.company_name === 'Demo Company')).toBe(true)
    const legacy = body.results.find((a) => a.name === 'Legacy OTP Sender')
    expect(legacy?.api_key).toBeNull()
    const alerts = body.results.find((a) => a.name === 'Atlas Order Alerts')
    // The list masks keys: the first 8 characters only (the detail endpoint reveals them).
    expect(alerts?.api_key).toMatch(/^cyk_[0-9a-f]{4}\.\.\.$/)
    expect(alerts?.subscriptions[0]).toMatchObject({
      package_type: 'sms',
      package_name: 'SMS Msg Pro',
      messages_used: 36,
      messages_limit: 300000,
      usage_percentage: 0,
    })
  })

  it('answers the details with statistics and the 10 most recent messages', async () => {
    const list = appListSchema.parse((await get('/api/client/apps/', demo)).json())
    const newsletter = list.results.find((a) => a.name === 'Newsletter Hub')
    const whatsapp = list.results.find((a) => a.name === 'Support WhatsApp')
    const response = await get(`/api/client/apps/${newsletter?.id}/`, demo)
    expect(response.statusCode).toBe(200)
    const body = appDetailsSchema.parse(response.json())
    expect(body.statistics).toMatchObject({ total_messages: 24, active_subscriptions: 1 })
    expect(body.recent_messages).toHaveLength(10)
    expect(body.recent_messages[0]?.subject).toMatch(/Atlas news/)
    const dates = body.recent_messages.map((m) => m.created_at)
    expect([...dates].sort().reverse()).toEqual(dates)
    // Its package ran out: no active subscription.
    const expired = appDetailsSchema.parse((await get(`/api/client/apps/${whatsapp?.id}/`, demo)).json())
    expect(expired.statistics.active_subscriptions).toBe(0)
  })

  it("answers 404 for another client's app and an empty list for a new client", async () => {
    const list = appListSchema.parse((await get('/api/client/apps/', demo)).json())
    const id = list.results[0]?.id
    expect((await get(`/api/client/apps/${id}/`, other)).statusCode).toBe(404)
    expect(appListSchema.parse((await get('/api/client/apps/', other)).json()).count).toBe(0)
    expect((await get('/api/client/apps/424242/', demo)).statusCode).toBe(404)
  })
})

describe('OpenAPI', () => {
  it('documents every portal, app and support path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/client/overview/',
        '/api/client/projects/',
        '/api/client/projects/{id}/overview/',
        '/api/client/apps/',
        '/api/client/apps/{id}/',
        '/api/support/tickets/',
        '/api/support/tickets/{id}/',
        '/api/support/comments/',
        '/api/support/attachments/',
        '/api/support/attachments/{id}/download/',
        '/api/support/activities/',
        '/api/support/categories/',
      ]),
    )
  })
})

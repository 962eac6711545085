import type { RouteOptions } from 'fastify'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  auditLog,
  contactMessages,
  franchiseApplications,
  jobApplications,
  jobs,
  mailOutbox,
  projectInquiries,
} from '../../server/db/schema'
import { ticketClientHistorySchema } from '../../src/contract/support-staff'
import { staffProjectDetailSchema } from '../../src/contract/portal-staff'
import { ticketDetailSchema } from '../../src/contract/support'
import { nextAddress, registerClient, signIn, STAFF } from './helpers/auth'
import { multipart, samples as fileSamples } from './helpers/multipart'
import { payOrder } from './helpers/orders'
import { openTestApp } from './helpers/test-app'

/*
 * Every route under /api/staff/, found from the app itself: a new staff route without a sample below
 * fails the first test, so each one is checked for its role rule and (when it writes) its audit entry.
 */
const registered: RouteOptions[] = []
const app = await openTestApp({ onRoute: (route) => void registered.push(route) })
const demo = await signIn(app)
const staff = await signIn(app, STAFF)

const staffRoutes = registered
  .flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).map((method) => `${method} ${route.url}`),
  )
  .filter((key) => key.includes(' /api/staff/') && !key.startsWith('HEAD ') && !key.startsWith('OPTIONS '))

// Records of every kind the staff routes work on.
const [contact] = await app.db
  .insert(contactMessages)
  .values({
    name: 'Lina',
    email: 'lina@example.com',
    subject: 'Pricing',
    message: 'How much is an app?',
    inquiryType: 'quote',
  })
  .returning()
const [brief] = await app.db
  .insert(projectInquiries)
  .values({
    projectName: 'Shop',
    contactName: 'Ali',
    contactEmail: 'ali@example.com',
    description: 'An online shop',
  })
  .returning()
const [franchise] = await app.db
  .insert(franchiseApplications)
  .values({ fullName: 'Mona', email: 'mona@example.com', phone: '+201005550000', country: 'Egypt' })
  .returning()
const [job] = await app.db.select().from(jobs).limit(1)
const [application] = await app.db
  .insert(jobApplications)
  .values({
    jobId: job?.id ?? 1,
    name: 'Karim',
    email: 'karim@example.com',
    experience: '0 experience',
    cvKey: 'cvs/missing.pdf',
    cvName: 'cv.pdf',
    cvSize: 10,
    cvMime: 'application/pdf',
  })
  .returning()
const firstTicket = (
  await app.inject({ method: 'GET', url: '/api/staff/tickets/', headers: staff.headers })
).json().results[0] as { id: number }
const clientOptions = (
  await app.inject({ method: 'GET', url: '/api/staff/client-options/', headers: staff.headers })
).json().results as { id: number; company_name: string }[]
const demoCompany = clientOptions.find((c) => c.company_name === 'Demo Company')
// A paid sandbox top-up of the demo client, for the orders area (refunded by its sample).
const paidOrder = await payOrder(app, {
  userId: demo.client.id,
  amountMinor: 1500,
  gatewayRef: 'pi_sandbox_staffroutes',
})

/** What the samples create, for the samples after them. */
const made: {
  project?: number
  milestone?: number
  link?: number
  member?: number
  client?: number
  post?: number
  job?: number
  offer?: number
  partner?: number
  portfolio?: number
  office?: number
} = {}
const projectOf = (body: unknown) => staffProjectDetailSchema.parse(body)

interface Sample {
  url: () => string
  payload?: object
  status: number
  /** Reads what the call made, for later samples. */
  after?: (body: unknown) => void
  /** Whether the call writes (and must leave an audit entry). */
  writes?: boolean
  /** A multipart body instead of JSON. */
  form?: () => { payload: Buffer; headers: Record<string, string> }
}

const inboxSamples = (kind: string, id: number, hasFile: boolean): Record<string, Sample> => ({
  [`GET /api/staff/inbox/${kind}/`]: { url: () => `/api/staff/inbox/${kind}/?status=new`, status: 200 },
  [`GET /api/staff/inbox/${kind}/:id/`]: { url: () => `/api/staff/inbox/${kind}/${id}/`, status: 200 },
  [`PATCH /api/staff/inbox/${kind}/:id/`]: {
    url: () => `/api/staff/inbox/${kind}/${id}/`,
    payload: { status: 'in_progress' },
    status: 200,
    writes: true,
  },
  [`POST /api/staff/inbox/${kind}/:id/reply/`]: {
    url: () => `/api/staff/inbox/${kind}/${id}/reply/`,
    payload: { subject: 'Thank you', message: 'We will call you tomorrow.' },
    status: 200,
    writes: true,
  },
  ...(hasFile
    ? {
        // The sample record's file is not in storage: staff get the same 404 a missing file gives.
        [`GET /api/staff/inbox/${kind}/:id/file/`]: {
          url: () => `/api/staff/inbox/${kind}/${id}/file/`,
          status: 404,
        },
      }
    : {}),
})

const samples: Record<string, Sample> = {
  'GET /api/staff/overview/': { url: () => '/api/staff/overview/', status: 200 },
  'GET /api/staff/team/': { url: () => '/api/staff/team/', status: 200 },
  'GET /api/staff/client-options/': { url: () => '/api/staff/client-options/', status: 200 },
  'GET /api/staff/ticket-categories/': { url: () => '/api/staff/ticket-categories/', status: 200 },
  'GET /api/staff/tickets/': { url: () => '/api/staff/tickets/?sort=priority&overdue=false', status: 200 },
  'GET /api/staff/tickets/:id/': { url: () => `/api/staff/tickets/${firstTicket.id}/`, status: 200 },
  'GET /api/staff/tickets/:id/client-history/': {
    url: () => `/api/staff/tickets/${firstTicket.id}/client-history/`,
    status: 200,
  },
  'PATCH /api/staff/tickets/:id/': {
    url: () => `/api/staff/tickets/${firstTicket.id}/`,
    payload: { status: 'in_progress' },
    status: 200,
    writes: true,
  },
  'POST /api/staff/tickets/:id/comments/': {
    url: () => `/api/staff/tickets/${firstTicket.id}/comments/`,
    payload: { content: 'Looking into it', is_internal: false },
    status: 201,
    writes: true,
  },
  'GET /api/staff/projects/': { url: () => '/api/staff/projects/?sort=name', status: 200 },
  'POST /api/staff/projects/': {
    url: () => '/api/staff/projects/',
    payload: { name: 'Route sample', clients: [demoCompany?.id], total_budget: 1000 },
    status: 201,
    writes: true,
    after: (body) => void (made.project = projectOf(body).id),
  },
  'GET /api/staff/projects/:id/': { url: () => `/api/staff/projects/${made.project}/`, status: 200 },
  'PATCH /api/staff/projects/:id/': {
    url: () => `/api/staff/projects/${made.project}/`,
    payload: { progress: 40 },
    status: 200,
    writes: true,
  },
  'POST /api/staff/projects/:id/milestones/': {
    url: () => `/api/staff/projects/${made.project}/milestones/`,
    payload: { title: 'Design', amount: 250 },
    status: 201,
    writes: true,
    after: (body) => void (made.milestone = projectOf(body).milestones[0]?.id),
  },
  'PATCH /api/staff/milestones/:id/': {
    url: () => `/api/staff/milestones/${made.milestone}/`,
    payload: { status: 'paid' },
    status: 200,
    writes: true,
  },
  'DELETE /api/staff/milestones/:id/': {
    url: () => `/api/staff/milestones/${made.milestone}/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/projects/:id/links/': {
    url: () => `/api/staff/projects/${made.project}/links/`,
    payload: { link_type: 'staging', url: 'https://staging.example.com' },
    status: 201,
    writes: true,
    after: (body) => void (made.link = projectOf(body).links[0]?.id),
  },
  'DELETE /api/staff/project-links/:id/': {
    url: () => `/api/staff/project-links/${made.link}/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/projects/:id/members/': {
    url: () => `/api/staff/projects/${made.project}/members/`,
    payload: { full_name: 'Nour Adel', role: 'Designer' },
    status: 201,
    writes: true,
    after: (body) => void (made.member = projectOf(body).members[0]?.id),
  },
  'DELETE /api/staff/project-members/:id/': {
    url: () => `/api/staff/project-members/${made.member}/`,
    status: 200,
    writes: true,
  },
  ...inboxSamples('contact-messages', contact?.id ?? 0, false),
  ...inboxSamples('project-briefs', brief?.id ?? 0, true),
  ...inboxSamples('franchise-requests', franchise?.id ?? 0, false),
  ...inboxSamples('job-applications', application?.id ?? 0, true),
  'GET /api/staff/clients/': { url: () => '/api/staff/clients/?search=demo&sort=newest', status: 200 },
  'POST /api/staff/clients/': {
    url: () => '/api/staff/clients/',
    payload: {
      email: 'new.client@example.com',
      first_name: 'Nada',
      last_name: 'Samir',
      company_name: 'Nile Foods',
    },
    status: 201,
    writes: true,
    after: (body) => void (made.client = (body as { id: number }).id),
  },
  'GET /api/staff/clients/:id/': { url: () => `/api/staff/clients/${made.client}/`, status: 200 },
  'POST /api/staff/clients/:id/deactivate/': {
    url: () => `/api/staff/clients/${made.client}/deactivate/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/clients/:id/activate/': {
    url: () => `/api/staff/clients/${made.client}/activate/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/clients/:id/reset-two-factor/': {
    url: () => `/api/staff/clients/${made.client}/reset-two-factor/`,
    payload: { reason: 'Lost phone, identity checked by call' },
    status: 200,
    writes: true,
  },
  'GET /api/staff/content/blog-options/': { url: () => '/api/staff/content/blog-options/', status: 200 },
  'GET /api/staff/content/blog-posts/': {
    url: () => '/api/staff/content/blog-posts/?status=draft&sort=title',
    status: 200,
  },
  'POST /api/staff/content/blog-posts/': {
    url: () => '/api/staff/content/blog-posts/',
    payload: { title: 'Route sample post', content: '<p>Hello</p>' },
    status: 201,
    writes: true,
    after: (body) => void (made.post = (body as { id: number }).id),
  },
  'GET /api/staff/content/blog-posts/:id/': {
    url: () => `/api/staff/content/blog-posts/${made.post}/`,
    status: 200,
  },
  'PATCH /api/staff/content/blog-posts/:id/': {
    url: () => `/api/staff/content/blog-posts/${made.post}/`,
    payload: { excerpt: 'A short summary' },
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/blog-posts/:id/publish/': {
    url: () => `/api/staff/content/blog-posts/${made.post}/publish/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/blog-posts/:id/unpublish/': {
    url: () => `/api/staff/content/blog-posts/${made.post}/unpublish/`,
    status: 200,
    writes: true,
  },
  'GET /api/staff/content/jobs/': {
    url: () => '/api/staff/content/jobs/?active=true&sort=title',
    status: 200,
  },
  'POST /api/staff/content/jobs/': {
    url: () => '/api/staff/content/jobs/',
    payload: { title: 'Route sample job', job_type: 'full-time', experience_level: 'mid' },
    status: 201,
    writes: true,
    after: (body) => void (made.job = (body as { id: number }).id),
  },
  'GET /api/staff/content/jobs/:id/': { url: () => `/api/staff/content/jobs/${made.job}/`, status: 200 },
  'PATCH /api/staff/content/jobs/:id/': {
    url: () => `/api/staff/content/jobs/${made.job}/`,
    payload: { location: 'Cairo' },
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/jobs/:id/publish/': {
    url: () => `/api/staff/content/jobs/${made.job}/publish/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/jobs/:id/unpublish/': {
    url: () => `/api/staff/content/jobs/${made.job}/unpublish/`,
    status: 200,
    writes: true,
  },
  'GET /api/staff/content/offers/': {
    url: () => '/api/staff/content/offers/?active=true&service_type=web-development&sort=ending',
    status: 200,
  },
  'POST /api/staff/content/offers/': {
    url: () => '/api/staff/content/offers/',
    payload: { title: 'Route sample offer', service_type: 'cloud', price: 99.5 },
    status: 201,
    writes: true,
    after: (body) => void (made.offer = (body as { id: number }).id),
  },
  'GET /api/staff/content/offers/:id/': {
    url: () => `/api/staff/content/offers/${made.offer}/`,
    status: 200,
  },
  'PATCH /api/staff/content/offers/:id/': {
    url: () => `/api/staff/content/offers/${made.offer}/`,
    payload: { original_price: 150 },
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/offers/:id/publish/': {
    url: () => `/api/staff/content/offers/${made.offer}/publish/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/offers/:id/unpublish/': {
    url: () => `/api/staff/content/offers/${made.offer}/unpublish/`,
    status: 200,
    writes: true,
  },
  'GET /api/staff/content/partners/': {
    url: () => '/api/staff/content/partners/?active=true&sort=name',
    status: 200,
  },
  'POST /api/staff/content/partners/': {
    url: () => '/api/staff/content/partners/',
    payload: { name: 'Route sample partner', website: 'https://partner.example.com' },
    status: 201,
    writes: true,
    after: (body) => void (made.partner = (body as { id: number }).id),
  },
  'GET /api/staff/content/partners/:id/': {
    url: () => `/api/staff/content/partners/${made.partner}/`,
    status: 200,
  },
  'PATCH /api/staff/content/partners/:id/': {
    url: () => `/api/staff/content/partners/${made.partner}/`,
    payload: { position: 3 },
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/partners/:id/publish/': {
    url: () => `/api/staff/content/partners/${made.partner}/publish/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/partners/:id/unpublish/': {
    url: () => `/api/staff/content/partners/${made.partner}/unpublish/`,
    status: 200,
    writes: true,
  },
  'GET /api/staff/content/project-options/': {
    url: () => '/api/staff/content/project-options/',
    status: 200,
  },
  'GET /api/staff/content/projects/': {
    url: () => '/api/staff/content/projects/?active=true&sort=name',
    status: 200,
  },
  'POST /api/staff/content/projects/': {
    url: () => '/api/staff/content/projects/',
    payload: { name: 'Route sample portfolio', tech_tools: ['React'] },
    status: 201,
    writes: true,
    after: (body) => void (made.portfolio = (body as { id: number }).id),
  },
  'GET /api/staff/content/projects/:id/': {
    url: () => `/api/staff/content/projects/${made.portfolio}/`,
    status: 200,
  },
  'PATCH /api/staff/content/projects/:id/': {
    url: () => `/api/staff/content/projects/${made.portfolio}/`,
    payload: { order: 50, images: ['/images/projects/x.png'] },
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/projects/:id/publish/': {
    url: () => `/api/staff/content/projects/${made.portfolio}/publish/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/projects/:id/unpublish/': {
    url: () => `/api/staff/content/projects/${made.portfolio}/unpublish/`,
    status: 200,
    writes: true,
  },
  'GET /api/staff/content/offices/': {
    url: () => '/api/staff/content/offices/?active=false&sort=title',
    status: 200,
  },
  'POST /api/staff/content/offices/': {
    url: () => '/api/staff/content/offices/',
    payload: { title: 'Route sample office', address: '1 Nile St, Cairo' },
    status: 201,
    writes: true,
    after: (body) => void (made.office = (body as { id: number }).id),
  },
  'GET /api/staff/content/offices/:id/': {
    url: () => `/api/staff/content/offices/${made.office}/`,
    status: 200,
  },
  'PATCH /api/staff/content/offices/:id/': {
    url: () => `/api/staff/content/offices/${made.office}/`,
    payload: { phone: '+20 2 5555 0000' },
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/offices/:id/publish/': {
    url: () => `/api/staff/content/offices/${made.office}/publish/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/offices/:id/unpublish/': {
    url: () => `/api/staff/content/offices/${made.office}/unpublish/`,
    status: 200,
    writes: true,
  },
  'POST /api/staff/content/images/': {
    url: () => '/api/staff/content/images/',
    form: () => multipart({}, { image: { filename: 'cover.png', content: fileSamples.png() } }),
    status: 201,
    writes: true,
  },
  'GET /api/staff/orders/': {
    url: () => '/api/staff/orders/?status=paid&kind=wallet_topup&gateway=stripe&sort=amount',
    status: 200,
  },
  'GET /api/staff/orders/:id/': { url: () => `/api/staff/orders/${paidOrder.id}/`, status: 200 },
  'GET /api/staff/orders/:id/receipt/pdf/': {
    url: () => `/api/staff/orders/${paidOrder.id}/receipt/pdf/`,
    status: 200,
  },
  'POST /api/staff/orders/:id/refund/': {
    url: () => `/api/staff/orders/${paidOrder.id}/refund/`,
    payload: { reason: 'Paid twice by mistake' },
    status: 200,
    writes: true,
  },
  'GET /api/staff/audit/': { url: () => '/api/staff/audit/?sort=newest', status: 200 },
}

const call = (key: string, sample: Sample, headers: Record<string, string> = {}) => {
  const method = key.split(' ')[0] as 'GET'
  const form = sample.form?.()
  return app.inject({
    method,
    url: sample.url(),
    headers: { ...form?.headers, ...headers },
    remoteAddress: nextAddress(),
    ...(form
      ? { payload: form.payload }
      : method === 'GET' || method === 'DELETE'
        ? {}
        : { payload: sample.payload ?? {} }),
  })
}

describe('every staff route', () => {
  it('has a sample here (a new route must be added)', () => {
    expect(staffRoutes.length).toBeGreaterThan(20)
    expect(staffRoutes.filter((key) => !samples[key])).toEqual([])
  })

  it('answers 401 without a token and 404 to a client, before reading the body', async () => {
    for (const key of staffRoutes) {
      const sample = samples[key]
      if (!sample) continue
      // Ids from the samples need not exist yet: the role is checked first.
      made.project ??= 1
      made.milestone ??= 1
      made.link ??= 1
      made.member ??= 1
      made.client ??= 1
      made.post ??= 1
      made.job ??= 1
      made.offer ??= 1
      made.partner ??= 1
      made.portfolio ??= 1
      made.office ??= 1
      expect((await call(key, sample)).statusCode, `${key} anonymous`).toBe(401)
      expect((await call(key, sample, demo.headers)).statusCode, `${key} client`).toBe(404)
    }
  })

  it('works for staff, and every write leaves one audit entry with its request id', async () => {
    for (const key of Object.keys(samples)) {
      const sample = samples[key] as Sample
      const response = await call(key, sample, staff.headers)
      expect(response.statusCode, `${key}: ${response.body}`).toBe(sample.status)
      if (response.statusCode < 300) sample.after?.(response.json())
      const requestId = String(response.headers['x-request-id'])
      const entries = await app.db.select().from(auditLog).where(eq(auditLog.requestId, requestId))
      expect(entries.length, `${key} audit entries`).toBe(sample.writes ? 1 : 0)
      if (sample.writes) expect(entries[0]).toMatchObject({ actorEmail: STAFF.email })
    }
  })
})

describe('tickets', () => {
  it('keeps an internal note from the client and e-mails only the reply', async () => {
    const note = await app.inject({
      method: 'POST',
      url: `/api/staff/tickets/${firstTicket.id}/comments/`,
      headers: staff.headers,
      payload: { content: 'Check the merchant account first', is_internal: true },
    })
    expect(note.statusCode).toBe(201)
    const clientView = await app.inject({
      method: 'GET',
      url: `/api/support/tickets/${firstTicket.id}/`,
      headers: demo.headers,
    })
    const seen = ticketDetailSchema.parse(clientView.json())
    expect(seen.comments.map((c) => c.content)).toContain('Looking into it')
    expect(seen.comments.map((c) => c.content)).not.toContain('Check the merchant account first')
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.note'))
    expect(entry?.after).toMatchObject({ is_internal: true })
  })

  it('records before and after of a change', async () => {
    await app.inject({
      method: 'PATCH',
      url: `/api/staff/tickets/${firstTicket.id}/`,
      headers: staff.headers,
      payload: { priority: 'low' },
    })
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ticket.update'))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entry?.after).toEqual({ priority_changed: 'low' })
    expect(entry?.entityId).toBe(firstTicket.id)
  })

  it("shows the client's other tickets and projects beside a ticket", async () => {
    const clientTickets = (
      await app.inject({ method: 'GET', url: '/api/support/tickets/?page=1', headers: demo.headers })
    ).json() as { count: number; results: { id: number }[] }
    const [one] = clientTickets.results
    const response = await app.inject({
      method: 'GET',
      url: `/api/staff/tickets/${one?.id}/client-history/`,
      headers: staff.headers,
    })
    expect(response.statusCode).toBe(200)
    const history = ticketClientHistorySchema.parse(response.json())
    expect(history.clients.map((c) => c.company_name)).toEqual(['Demo Company'])
    expect(history.tickets.map((t) => t.id)).not.toContain(one?.id)
    expect(history.tickets_count).toBe(clientTickets.count - 1)
    const clientProjects = (
      await app.inject({ method: 'GET', url: '/api/client/projects/', headers: demo.headers })
    ).json().results as { project: number }[]
    expect(history.projects.map((p) => p.id).sort()).toEqual(clientProjects.map((p) => p.project).sort())
    // Northwind's project is not the demo client's.
    const northwind = (
      await app.inject({ method: 'GET', url: '/api/staff/projects/?search=Fleet', headers: staff.headers })
    ).json().results[0] as { id: number }
    expect(history.projects.map((p) => p.id)).not.toContain(northwind.id)
    const missing = await app.inject({
      method: 'GET',
      url: '/api/staff/tickets/999999/client-history/',
      headers: staff.headers,
    })
    expect(missing.statusCode).toBe(404)
  })

  it('exports the filtered queue as CSV', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/staff/tickets/?format=csv&priority=low',
      headers: staff.headers,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    const lines = response.body.trim().split('\r\n')
    expect(lines[0]).toContain('Priority')
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.slice(1).every((line) => line.includes(',low,'))).toBe(true)
  })
})

describe('projects', () => {
  it('a project created for Demo Company shows on the client dashboard with its milestone', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/staff/projects/',
      headers: staff.headers,
      payload: { name: 'Loyalty App', status: 'active', clients: [demoCompany?.id], total_budget: 5000 },
    })
    expect(created.statusCode).toBe(201)
    const project = projectOf(created.json())
    await app.inject({
      method: 'POST',
      url: `/api/staff/projects/${project.id}/milestones/`,
      headers: staff.headers,
      payload: { title: 'Kick-off', amount: 1000, status: 'paid' },
    })
    const cards = (
      await app.inject({ method: 'GET', url: '/api/client/projects/', headers: demo.headers })
    ).json()
    expect(cards.results.map((c: { project_name: string }) => c.project_name)).toContain('Loyalty App')
    const overview = (
      await app.inject({
        method: 'GET',
        url: `/api/client/projects/${project.id}/overview/`,
        headers: demo.headers,
      })
    ).json()
    expect(overview.milestones.map((m: { title: string }) => m.title)).toEqual(['Kick-off'])
    expect(overview.financial).toMatchObject({ total_budget: 5000, amount_paid: 1000 })
  })

  it('refuses an end before the start and an unknown client with field errors', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/staff/projects/',
      headers: staff.headers,
      payload: { name: 'X', start_date: '2026-05-01', end_date: '2026-04-01' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().end_date).toBeDefined()
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/staff/projects/',
      headers: staff.headers,
      payload: { name: 'X', clients: [999999] },
    })
    expect(unknown.statusCode).toBe(400)
  })
})

describe('clients', () => {
  it('deactivating a client ends its sessions at once and stops sign-in', async () => {
    const victim = await registerClient(app)
    const list = await app.inject({
      method: 'GET',
      url: `/api/staff/clients/?search=${encodeURIComponent(victim.email)}`,
      headers: staff.headers,
    })
    const clientId = list.json().results[0].id as number
    expect(
      (await app.inject({ method: 'GET', url: '/api/client/overview/', headers: victim.headers })).statusCode,
    ).toBe(200)
    const response = await app.inject({
      method: 'POST',
      url: `/api/staff/clients/${clientId}/deactivate/`,
      headers: staff.headers,
    })
    expect(response.json().user.is_active).toBe(false)
    expect(
      (await app.inject({ method: 'GET', url: '/api/client/overview/', headers: victim.headers })).statusCode,
    ).toBe(401)
    const login = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email: victim.email, password: 'Str0ng!Pass' },
      remoteAddress: nextAddress(),
    })
    expect(login.statusCode).toBe(401)
  })

  it('an invitation e-mails the invitee and a taken address is a field error', async () => {
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'new.client@example.com'))
    expect(mail?.template).toBe('client-invitation')
    const again = await app.inject({
      method: 'POST',
      url: '/api/staff/clients/',
      headers: staff.headers,
      payload: { email: 'NEW.client@example.com', first_name: 'N', last_name: 'S', company_name: 'X' },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().email).toBeDefined()
  })

  it('a two-factor reset keeps its reason in the audit log', async () => {
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'user.reset_two_factor'))
    expect(entry?.summary).toContain('Lost phone, identity checked by call')
  })
})

describe('inbox', () => {
  it('a reply is e-mailed to the sender and marks the message answered', async () => {
    const [message] = await app.db
      .insert(contactMessages)
      .values({
        name: 'Sara',
        email: 'sara@example.com',
        subject: 'Hello',
        message: 'Hi',
        inquiryType: 'general',
      })
      .returning()
    const response = await app.inject({
      method: 'POST',
      url: `/api/staff/inbox/contact-messages/${message?.id}/reply/`,
      headers: staff.headers,
      payload: { subject: 'Re: Hello', message: 'Hello Sara' },
    })
    expect(response.json()).toMatchObject({ status: 'answered' })
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'sara@example.com'))
    expect(mail).toMatchObject({ subject: 'Re: Hello', template: 'inbox-reply' })
    const list = await app.inject({
      method: 'GET',
      url: '/api/staff/inbox/contact-messages/?status=answered&search=Sara',
      headers: staff.headers,
    })
    expect(list.json().results.map((i: { id: number }) => i.id)).toEqual([message?.id])
  })

  it('refuses an unknown status', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/staff/inbox/contact-messages/${contact?.id}/`,
      headers: staff.headers,
      payload: { status: 'done' },
    })
    expect(response.statusCode).toBe(400)
  })
})

describe('content: blog posts', () => {
  const create = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/staff/content/blog-posts/', headers: staff.headers, payload })
  const publicPost = (slug: string) => app.inject({ method: 'GET', url: `/api/public/blog/posts/${slug}/` })

  it('creates a sanitized draft, shows it to visitors only once published, and hides it again', async () => {
    const options = (
      await app.inject({ method: 'GET', url: '/api/staff/content/blog-options/', headers: staff.headers })
    ).json() as { categories: { id: number }[]; authors: { id: number }[] }
    const created = await create({
      title: 'Shipping a Design System',
      excerpt: 'How we did it',
      content:
        '<h1>Intro</h1><p onclick="steal()">Text<script>alert(1)</script></p><a href="javascript:x">bad</a>',
      category_id: options.categories[0]?.id,
      author_id: options.authors[0]?.id,
      tags: ['design', 'design', 'ui'],
    })
    expect(created.statusCode).toBe(201)
    const post = created.json()
    expect(post).toMatchObject({ slug: 'shipping-a-design-system', status: 'draft', tags: ['design', 'ui'] })
    expect(post.content).toContain('<h2>Intro</h2>')
    expect(post.content).not.toMatch(/script|onclick|javascript:/)
    expect((await publicPost(post.slug)).statusCode).toBe(404)

    const published = await app.inject({
      method: 'POST',
      url: `/api/staff/content/blog-posts/${post.id}/publish/`,
      headers: staff.headers,
    })
    expect(published.json()).toMatchObject({ status: 'published', is_scheduled: false })
    expect(published.json().published_at).not.toBeNull()
    const seen = await publicPost(post.slug)
    expect(seen.statusCode).toBe(200)
    expect(seen.json().content).toBe(post.content)
    const list = (
      await app.inject({ method: 'GET', url: '/api/public/blog/posts/?search=Design%20System' })
    ).json()
    expect(list.results.map((p: { id: number }) => p.id)).toContain(post.id)

    await app.inject({
      method: 'POST',
      url: `/api/staff/content/blog-posts/${post.id}/unpublish/`,
      headers: staff.headers,
    })
    expect((await publicPost(post.slug)).statusCode).toBe(404)
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.entityId, post.id))
    expect(entries.filter((e) => e.entityType === 'blog_post').map((e) => e.action)).toEqual(
      expect.arrayContaining(['blog_post.create', 'blog_post.publish', 'blog_post.unpublish']),
    )
  })

  it('keeps a post scheduled for later hidden until its time', async () => {
    const post = (
      await create({ title: 'Next year', content: '<p>Soon</p>', published_at: '2099-01-01T09:00:00Z' })
    ).json()
    const published = await app.inject({
      method: 'POST',
      url: `/api/staff/content/blog-posts/${post.id}/publish/`,
      headers: staff.headers,
    })
    expect(published.json()).toMatchObject({ status: 'published', is_scheduled: true })
    expect((await publicPost(post.slug)).statusCode).toBe(404)
  })

  it('gives a second post of the same title its own address, and refuses taken or reserved ones', async () => {
    const first = (await create({ title: 'Same Title', content: '<p>a</p>' })).json()
    const second = (await create({ title: 'Same Title', content: '<p>b</p>' })).json()
    expect([first.slug, second.slug]).toEqual(['same-title', 'same-title-2'])
    const taken = await app.inject({
      method: 'PATCH',
      url: `/api/staff/content/blog-posts/${second.id}/`,
      headers: staff.headers,
      payload: { slug: 'same-title' },
    })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().slug).toEqual(['Another entry already uses this address.'])
    const reserved = await create({ title: 'X', slug: 'featured', content: '<p>x</p>' })
    expect(reserved.json().slug).toEqual(['This address is reserved.'])
    const invalid = await create({ title: 'X', slug: 'Not A Slug', content: '<p>x</p>' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().slug).toBeDefined()
  })

  it('refuses missing fields, unknown categories and outside images with field errors', async () => {
    const empty = await create({ title: ' ', content: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ title: expect.any(Array), content: expect.any(Array) })
    const unknown = await create({ title: 'X', content: '<p>x</p>', category_id: 999999 })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().category_id).toEqual(['No such category.'])
    const outside = await create({ title: 'X', content: '<p>x</p>', featured_image: 'javascript:alert(1)' })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().featured_image).toBeDefined()
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/staff/content/blog-posts/999999/',
      headers: staff.headers,
      payload: { title: 'X' },
    })
    expect(missing.statusCode).toBe(404)
  })
})

describe('content: jobs', () => {
  it('a new job is unpublished; publishing opens it to visitors and applications, unpublishing hides it', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/staff/content/jobs/',
      headers: staff.headers,
      payload: {
        title: 'Platform Engineer',
        job_type: 'full-time',
        experience_level: 'senior',
        work_from: 'remote',
        job_description: '<p>Build <img src=x onerror=alert(1)>things</p>',
        skills: ['Go', 'Kubernetes'],
        application_deadline: '2099-12-31',
      },
    })
    expect(created.statusCode).toBe(201)
    const job = created.json()
    expect(job).toMatchObject({ slug: 'platform-engineer', is_active: false, skills: ['Go', 'Kubernetes'] })
    expect(job.job_description).not.toContain('onerror')
    const publicJob = () => app.inject({ method: 'GET', url: `/api/public/careers/${job.slug}/` })
    expect((await publicJob()).statusCode).toBe(404)
    await app.inject({
      method: 'POST',
      url: `/api/staff/content/jobs/${job.id}/publish/`,
      headers: staff.headers,
    })
    expect((await publicJob()).statusCode).toBe(200)
    await app.inject({
      method: 'POST',
      url: `/api/staff/content/jobs/${job.id}/unpublish/`,
      headers: staff.headers,
    })
    expect((await publicJob()).statusCode).toBe(404)
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/staff/content/jobs/${job.id}/`,
      headers: staff.headers,
      payload: { job_type: 'gig', application_deadline: '2099-02-30' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ job_type: expect.any(Array), application_deadline: expect.any(Array) })
  })
})

describe('content: offers', () => {
  it('a new offer is withdrawn; publishing shows it to visitors within its period, with its discount', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/staff/content/offers/',
      headers: staff.headers,
      payload: {
        title: 'Winter Cloud Audit',
        service_type: 'cloud',
        price: 800,
        original_price: 1000,
        features: ['Cost review', 'Security review'],
      },
    })
    expect(created.statusCode).toBe(201)
    const offer = created.json()
    expect(offer).toMatchObject({ is_active: false, is_current: false, discount_percent: 20, price: 800 })
    const publicOffer = () => app.inject({ method: 'GET', url: `/api/public/offers/${offer.id}/` })
    expect((await publicOffer()).statusCode).toBe(404)
    const published = await app.inject({
      method: 'POST',
      url: `/api/staff/content/offers/${offer.id}/publish/`,
      headers: staff.headers,
    })
    expect(published.json()).toMatchObject({ is_active: true, is_current: true })
    expect((await publicOffer()).json()).toMatchObject({ title: 'Winter Cloud Audit', discount_percent: 20 })
    const ended = await app.inject({
      method: 'PATCH',
      url: `/api/staff/content/offers/${offer.id}/`,
      headers: staff.headers,
      payload: { valid_from: '2020-01-01T00:00:00Z', valid_until: '2020-02-01T00:00:00Z' },
    })
    expect(ended.json()).toMatchObject({ is_active: true, is_current: false })
    expect((await publicOffer()).statusCode).toBe(404)
  })

  it('refuses an unknown service and an end before the start', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/staff/content/offers/',
      headers: staff.headers,
      payload: { title: 'X', service_type: 'time-travel', price: 1 },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().service_type).toEqual(['Choose a service of the catalogue.'])
    const backwards = await app.inject({
      method: 'POST',
      url: '/api/staff/content/offers/',
      headers: staff.headers,
      payload: {
        title: 'X',
        service_type: 'cloud',
        price: 1,
        valid_from: '2030-01-02T00:00:00Z',
        valid_until: '2030-01-01T00:00:00Z',
      },
    })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().valid_until).toEqual(['The end must be after the start.'])
  })
})

describe('content: partners', () => {
  it('a new partner is listed on /partners only once published; a bad website is a field error', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/staff/content/partners/',
      headers: staff.headers,
      payload: { name: 'Nile Cloud', website: 'https://nile.example.com', image: '/images/partners/x.svg' },
    })
    expect(created.statusCode).toBe(201)
    const partner = created.json()
    expect(partner).toMatchObject({ is_active: false })
    const listed = async () =>
      (
        (await app.inject({ method: 'GET', url: '/api/public/partners/?page=1' })).json().results as {
          id: number
        }[]
      )
        .map((p) => p.id)
        .includes(partner.id)
    // The public list answers 20 a page in display order: put the new partner first.
    await app.inject({
      method: 'PATCH',
      url: `/api/staff/content/partners/${partner.id}/`,
      headers: staff.headers,
      payload: { position: 0, name: 'AAA Nile Cloud' },
    })
    expect(await listed()).toBe(false)
    await app.inject({
      method: 'POST',
      url: `/api/staff/content/partners/${partner.id}/publish/`,
      headers: staff.headers,
    })
    expect(await listed()).toBe(true)
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/staff/content/partners/${partner.id}/`,
      headers: staff.headers,
      payload: { website: 'javascript:alert(1)' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().website).toEqual(['Enter a full address starting with https:// or http://.'])
  })
})

describe('content: images', () => {
  it('stores an uploaded image and serves it publicly; refuses other files', async () => {
    const form = multipart({}, { image: { filename: 'cover.png', content: fileSamples.png() } })
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/staff/content/images/',
      headers: { ...form.headers, ...staff.headers },
      payload: form.payload,
    })
    expect(uploaded.statusCode).toBe(201)
    const { url } = uploaded.json() as { url: string }
    expect(url).toMatch(/^\/api\/public\/media\/content-images\/[0-9a-f-]{36}\.png$/)
    const served = await app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    // The desktop app's page (app://cypher) is another origin: helmet's same-origin default would block it.
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(
      (await app.inject({ method: 'GET', url: '/api/public/media/content-images/..%2F..%2Fjwt-secret' }))
        .statusCode,
    ).toBe(404)

    const fake = multipart({}, { image: { filename: 'cover.png', content: fileSamples.fakePdf() } })
    const refused = await app.inject({
      method: 'POST',
      url: '/api/staff/content/images/',
      headers: { ...fake.headers, ...staff.headers },
      payload: fake.payload,
    })
    expect(refused.statusCode).toBe(415)
    expect(refused.json().detail).toBe('Upload a JPEG, PNG or GIF image.')
  })
})

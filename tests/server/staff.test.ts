import type { RouteOptions } from 'fastify'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  auditLog,
  contactMessages,
  franchiseApplications,
  jobApplications,
  jobs,
  projectInquiries,
} from '../../server/db/schema'
import { staffProjectDetailSchema } from '../../src/contract/portal-staff'
import { nextAddress, signIn, STAFF } from './helpers/auth'
import { multipart, samples as fileSamples } from './helpers/multipart'
import { payOrder } from './helpers/orders'
import { openTestApp } from './helpers/test-app'

/*
 * Every route under /api/staff/, found from the app itself: a new staff route without a sample below
 * fails the first test, so each one is checked for its role rule and (when it writes) its audit entry.
 * What each area's console does is tested beside the area's other tests (<area>-staff.test.ts).
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

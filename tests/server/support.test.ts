import { desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { clientProjectListSchema } from '../../src/contract/portal'
import {
  activityListSchema,
  attachmentListSchema,
  attachmentSchema,
  categoryListSchema,
  commentListSchema,
  commentSchema,
  supportMessages,
  ticketDetailSchema,
  ticketListSchema,
  type TicketDetail,
} from '../../src/contract/support'
import { loadConfig } from '../../server/config'
import { mailOutbox, ticketComments } from '../../server/db/schema'
import {
  dueDateFor,
  parseResponseTargets,
  DEFAULT_RESPONSE_TARGETS,
} from '../../server/modules/support/response-targets'
import { registerClient, signIn, STAFF, type SignedIn } from './helpers/auth'
import { samples, type UploadPart } from './helpers/multipart'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
let demo: SignedIn
let other: SignedIn
let staff: SignedIn
let atlas: number
let warehouse: number
beforeAll(async () => {
  demo = await signIn(app)
  staff = await signIn(app, STAFF)
  other = await registerClient(app)
  const projects = clientProjectListSchema.parse((await get('/api/client/projects/', demo)).json())
  const id = (name: string) => projects.results.find((p) => p.project_name === name)?.project ?? 0
  atlas = id('Atlas Commerce Platform')
  warehouse = id('Data Warehouse Migration')
})

const { get, post, patch, postForm } = requests(app)

async function tickets(query: string, who: SignedIn = demo) {
  const response = await get(`/api/support/tickets/${query}`, who)
  expect(response.statusCode).toBe(200)
  return ticketListSchema.parse(response.json())
}
async function ticketByTitle(title: string) {
  const list = await tickets(`?search=${encodeURIComponent(title)}`)
  const ticket = list.results[0]
  if (!ticket) throw new Error(`no ticket ${title}`)
  return ticket
}
async function detail(id: number, who: SignedIn = demo): Promise<TicketDetail> {
  const response = await get(`/api/support/tickets/${id}/`, who)
  expect(response.statusCode).toBe(200)
  return ticketDetailSchema.parse(response.json())
}
async function createTicket(fields: Record<string, string> = {}, files: Record<string, UploadPart> = {}) {
  return postForm(
    '/api/support/tickets/',
    {
      title: 'Search returns no results',
      description: 'Searching for "shoes" finds nothing.',
      project: String(atlas),
      ...fields,
    },
    files,
    demo,
  )
}
async function mails(to: string) {
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id))
}

describe('response targets', () => {
  it('counts business days from Monday to Friday and urgent in hours', () => {
    const friday = new Date('2026-03-06T10:00:00Z')
    expect(dueDateFor(friday, { unit: 'business_days', amount: 1 }).toISOString()).toBe(
      '2026-03-09T10:00:00.000Z',
    )
    expect(dueDateFor(friday, { unit: 'business_days', amount: 3 }).toISOString()).toBe(
      '2026-03-11T10:00:00.000Z',
    )
    const saturday = new Date('2026-03-07T09:00:00Z')
    expect(dueDateFor(saturday, { unit: 'business_days', amount: 1 }).toISOString()).toBe(
      '2026-03-09T09:00:00.000Z',
    )
    expect(dueDateFor(friday, DEFAULT_RESPONSE_TARGETS.urgent).toISOString()).toBe('2026-03-06T14:00:00.000Z')
  })

  it('reads SUPPORT_RESPONSE_TARGETS and names a bad part', () => {
    expect(parseResponseTargets('urgent=2h, low=10bd')).toEqual({
      ...DEFAULT_RESPONSE_TARGETS,
      urgent: { unit: 'hours', amount: 2 },
      low: { unit: 'business_days', amount: 10 },
    })
    expect(() => parseResponseTargets('critical=1h')).toThrow(/critical=1h/)
    expect(() => parseResponseTargets('high=0bd')).toThrow(/at least 1/)
  })

  it('is configured by SUPPORT_RESPONSE_TARGETS, and a bad value stops the server naming it', () => {
    expect(loadConfig({ SUPPORT_RESPONSE_TARGETS: 'medium=2bd' }).supportResponseTargets.medium).toEqual({
      unit: 'business_days',
      amount: 2,
    })
    expect(loadConfig({}).supportResponseTargets).toEqual(DEFAULT_RESPONSE_TARGETS)
    expect(() => loadConfig({ SUPPORT_RESPONSE_TARGETS: 'urgent=soon' })).toThrow(/SUPPORT_RESPONSE_TARGETS/)
  })
})

describe('GET /api/support/tickets/', () => {
  it("lists a project's tickets newest first with is_overdue computed on read", async () => {
    const list = await tickets(`?project=${atlas}`)
    expect(list.count).toBe(3)
    expect(list.results.map((t) => t.status)).toEqual(['new', 'in_progress', 'resolved'])
    const [applePay, checkout, invoice] = list.results
    // In progress past its 1-business-day target; new and within target; resolved is never overdue.
    expect(checkout?.is_overdue).toBe(true)
    expect(applePay?.is_overdue).toBe(false)
    expect(invoice?.is_overdue).toBe(false)
    expect(checkout?.assigned_to).toEqual({ first_name: 'Sami', last_name: 'Haddad' })
    expect(checkout?.category?.name).toBe('Bug Report')
    expect(checkout?.created_by).toEqual({ first_name: 'Dana', last_name: 'Mercer' })
  })

  it('filters by status, priority and search, and lists every project of the client without a filter', async () => {
    expect((await tickets(`?project=${atlas}&status=resolved`)).results.map((t) => t.title)).toEqual([
      'Invoice #1042 shows the wrong VAT rate',
    ])
    expect((await tickets('?priority=urgent')).results.map((t) => t.project)).toEqual([warehouse])
    expect((await tickets('?search=apple pay')).count).toBe(1)
    expect((await tickets('?search=VAT')).count).toBe(1)
    // A literal % is not a wildcard.
    expect((await tickets('?search=%25%25')).count).toBe(0)
    expect((await tickets('')).count).toBeGreaterThanOrEqual(5)
  })

  it('rejects an unknown status with 400', async () => {
    const response = await get('/api/support/tickets/?status=lost', demo)
    expect(response.statusCode).toBe(400)
    expect(response.json().status).toBeDefined()
  })

  it('requires a token', async () => {
    expect((await get('/api/support/tickets/')).statusCode).toBe(401)
  })
})

describe('ticket detail and its lists', () => {
  it('never gives a client an internal note or its activity; staff see both', async () => {
    const checkout = await ticketByTitle('Checkout times out')
    const forClient = await detail(checkout.id)
    expect(forClient.comments).toHaveLength(2)
    expect(forClient.comments.some((c) => c.is_internal)).toBe(false)
    expect(JSON.stringify(forClient)).not.toContain('N+1')
    expect(forClient.activities.map((a) => a.activity_type)).not.toContain('internal_note_added')
    expect(forClient.comments[0]?.author).toEqual({ first_name: 'Sami', last_name: 'Haddad', is_staff: true })
    expect(forClient.attachments[0]).toMatchObject({
      file_name: 'checkout-timeout-log.txt',
      file: expect.stringMatching(/\/api\/support\/attachments\/\d+\/download\/$/),
    })

    const comments = commentListSchema.parse(
      (await get(`/api/support/comments/?ticket=${checkout.id}`, demo)).json(),
    )
    expect(comments.results.every((c) => !c.is_internal)).toBe(true)
    const activities = activityListSchema.parse(
      (await get(`/api/support/activities/?ticket=${checkout.id}`, demo)).json(),
    )
    expect(activities.results.map((a) => a.activity_type)).not.toContain('internal_note_added')

    const forStaff = await detail(checkout.id, staff)
    expect(forStaff.comments.filter((c) => c.is_internal)).toHaveLength(1)
    expect(forStaff.activities.map((a) => a.activity_type)).toContain('internal_note_added')
    const staffComments = commentListSchema.parse(
      (await get(`/api/support/comments/?ticket=${checkout.id}`, staff)).json(),
    )
    expect(staffComments.count).toBe(3)
  })

  it('lists attachments and categories', async () => {
    const invoice = await ticketByTitle('VAT')
    const list = attachmentListSchema.parse(
      (await get(`/api/support/attachments/?ticket=${invoice.id}`, demo)).json(),
    )
    expect(list.results.map((a) => a.file_name)).toEqual(['invoice-1042.pdf'])
    const categories = categoryListSchema.parse((await get('/api/support/categories/', demo)).json())
    expect(categories.results.map((c) => c.name)).toEqual([
      'Bug Report',
      'Feature Request',
      'Billing',
      'Technical Support',
      'General Inquiry',
    ])
  })

  it('requires ?ticket on the lists and answers 404 for an unknown ticket', async () => {
    expect((await get('/api/support/comments/', demo)).statusCode).toBe(400)
    expect((await get('/api/support/activities/?ticket=x', demo)).statusCode).toBe(400)
    expect((await get('/api/support/attachments/?ticket=999999', demo)).statusCode).toBe(404)
    expect((await get('/api/support/tickets/999999/', demo)).statusCode).toBe(404)
  })

  it('downloads a seeded attachment with its bytes and a safe Content-Disposition', async () => {
    const invoice = await detail((await ticketByTitle('VAT')).id)
    const attachment = invoice.attachments[0]
    const response = await get(new URL(attachment?.file ?? '').pathname, demo)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-1042.pdf"; filename*=UTF-8''invoice-1042.pdf`,
    )
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(response.rawPayload.length).toBe(attachment?.file_size)
  })
})

describe('POST /api/support/tickets/', () => {
  it('creates a ticket with an attachment, medium priority by default, a due date and activities', async () => {
    const before = Date.now()
    const png = samples.png()
    const response = await createTicket(
      { category: '' },
      { file: { filename: '../screen 1.png', content: png } },
    )
    expect(response.statusCode).toBe(201)
    const ticket = ticketDetailSchema.parse(response.json())
    expect(ticket).toMatchObject({
      status: 'new',
      priority: 'medium',
      project: atlas,
      is_overdue: false,
      category: null,
    })
    expect(ticket.created_by).toEqual({ first_name: 'Dana', last_name: 'Mercer' })
    expect(Date.parse(ticket.due_date ?? '')).toBeGreaterThan(before + 3 * 24 * 3600 * 1000 - 1000)
    expect(ticket.attachments).toHaveLength(1)
    expect(ticket.attachments[0]?.file_name).toBe('screen 1.png')
    expect(ticket.activities.map((a) => a.activity_type)).toEqual(['created', 'attachment_added'])

    const download = await get(new URL(ticket.attachments[0]?.file ?? '').pathname, demo)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('image/png')
    expect(download.rawPayload.equals(png)).toBe(true)
  })

  it('gives an urgent ticket 4 hours and keeps the chosen category', async () => {
    const categories = categoryListSchema.parse((await get('/api/support/categories/', demo)).json())
    const billing = categories.results.find((c) => c.name === 'Billing')
    const response = await createTicket({ priority: 'urgent', category: String(billing?.id) })
    expect(response.statusCode).toBe(201)
    const ticket = ticketDetailSchema.parse(response.json())
    expect(ticket.category?.name).toBe('Billing')
    const hours = (Date.parse(ticket.due_date ?? '') - Date.parse(ticket.created_at)) / 3_600_000
    expect(hours).toBeCloseTo(4, 5)
  })

  it('answers the spec message when the title or description is blank', async () => {
    const response = await createTicket({ title: '   ' })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(supportMessages.requiredFields)
    expect(response.json().title).toBeDefined()
    const noDescription = await createTicket({ description: '' })
    expect(noDescription.json().detail).toBe(supportMessages.requiredFields)
  })

  it('rejects a bad priority, category or project', async () => {
    const badPriority = await createTicket({ priority: 'critical' })
    expect(badPriority.statusCode).toBe(400)
    expect(badPriority.json().priority).toEqual([expect.any(String)])
    const badCategory = await createTicket({ category: '999' })
    expect(badCategory.statusCode).toBe(400)
    expect(badCategory.json().category).toEqual(['Select a valid category.'])
    expect((await createTicket({ project: 'x' })).statusCode).toBe(400)
    expect((await createTicket({ project: '999999' })).statusCode).toBe(404)
  })

  it('refuses a wrong file type, a disguised file and a file over 10 MB without creating a ticket', async () => {
    const count = (await tickets(`?project=${atlas}`)).count
    const exe = await createTicket({}, { file: { filename: 'tool.exe', content: samples.fakePdf() } })
    expect(exe.statusCode).toBe(415)
    expect(exe.json().detail).toBe(supportMessages.attachmentBadType)
    const disguised = await createTicket({}, { file: { filename: 'report.pdf', content: samples.fakePdf() } })
    expect(disguised.statusCode).toBe(415)
    const big = await createTicket(
      {},
      { file: { filename: 'big.pdf', content: samples.bigPdf(10 * 1024 * 1024 + 1) } },
    )
    expect(big.statusCode).toBe(413)
    expect(big.json().detail).toBe(supportMessages.attachmentTooLarge)
    expect((await tickets(`?project=${atlas}`)).count).toBe(count)
  })

  it('answers a JSON body with 415', async () => {
    const response = await post(
      '/api/support/tickets/',
      { title: 'x', description: 'y', project: atlas },
      demo,
    )
    expect(response.statusCode).toBe(415)
  })
})

describe('POST /api/support/comments/', () => {
  it('adds a comment with an activity', async () => {
    const ticket = await ticketByTitle('Apple Pay')
    const response = await post(
      '/api/support/comments/',
      { ticket: ticket.id, content: '  Any news?  ', is_internal: false },
      demo,
    )
    expect(response.statusCode).toBe(201)
    const comment = commentSchema.parse(response.json())
    expect(comment).toMatchObject({ content: 'Any news?', is_internal: false, ticket: ticket.id })
    expect(comment.author.is_staff).toBe(false)
    const after = await detail(ticket.id)
    expect(after.comments.map((c) => c.id)).toContain(comment.id)
    expect(after.activities.at(-1)?.activity_type).toBe('comment_added')
  })

  it('rejects blank content and internal notes from clients', async () => {
    const ticket = await ticketByTitle('Apple Pay')
    const blank = await post('/api/support/comments/', { ticket: ticket.id, content: '   ' }, demo)
    expect(blank.statusCode).toBe(400)
    expect(blank.json().content).toBeDefined()
    const internal = await post(
      '/api/support/comments/',
      { ticket: ticket.id, content: 'psst', is_internal: true },
      demo,
    )
    expect(internal.statusCode).toBe(403)
    expect(internal.json().detail).toBe(supportMessages.internalStaffOnly)
  })

  it('stores a resent offline comment once (same client_ref)', async () => {
    const ticket = await ticketByTitle('Apple Pay')
    const payload = {
      ticket: ticket.id,
      content: 'Written on the train',
      client_ref: '6f1c2a52-93b5-4b53-9a4c-3b0f1f9a2d10',
    }
    const first = await post('/api/support/comments/', payload, demo)
    const second = await post('/api/support/comments/', payload, demo)
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(200)
    expect(second.json().id).toBe(first.json().id)
    const stored = await app.db
      .select()
      .from(ticketComments)
      .where(eq(ticketComments.clientRef, payload.client_ref))
    expect(stored).toHaveLength(1)
  })

  it('moves a ticket waiting on the client back to open when the client replies', async () => {
    const ticket = await ticketByTitle('export fails')
    expect(ticket.status).toBe('waiting_on_client')
    await post('/api/support/comments/', { ticket: ticket.id, content: 'Range: February, no filters.' }, demo)
    const after = await detail(ticket.id)
    expect(after.status).toBe('open')
    expect(after.activities.at(-1)).toMatchObject({
      activity_type: 'status_changed',
      old_value: 'waiting_on_client',
      new_value: 'open',
    })
  })
})

describe('POST /api/support/attachments/', () => {
  it('attaches a file and records the activity', async () => {
    const ticket = await ticketByTitle('Apple Pay')
    const response = await postForm(
      '/api/support/attachments/',
      { ticket: String(ticket.id) },
      { file: { filename: 'notes.txt', content: samples.txt() } },
      demo,
    )
    expect(response.statusCode).toBe(201)
    const attachment = attachmentSchema.parse(response.json())
    expect(attachment).toMatchObject({
      file_name: 'notes.txt',
      file_size: samples.txt().length,
      uploaded_by: { first_name: 'Dana', last_name: 'Mercer' },
    })
    expect((await detail(ticket.id)).activities.at(-1)?.activity_type).toBe('attachment_added')
    const download = await get(new URL(attachment.file).pathname, demo)
    expect(download.body).toBe(samples.txt().toString())
  })

  it('requires a file and a valid ticket', async () => {
    const ticket = await ticketByTitle('Apple Pay')
    const noFile = await postForm('/api/support/attachments/', { ticket: String(ticket.id) }, {}, demo)
    expect(noFile.statusCode).toBe(400)
    const noTicket = await postForm(
      '/api/support/attachments/',
      {},
      { file: { filename: 'a.txt', content: 'x' } },
      demo,
    )
    expect(noTicket.statusCode).toBe(400)
    expect(noTicket.json().ticket).toBeDefined()
    const badType = await postForm(
      '/api/support/attachments/',
      { ticket: String(ticket.id) },
      { file: { filename: 'a.svg', content: '<svg/>' } },
      demo,
    )
    expect(badType.statusCode).toBe(415)
  })
})

describe('staff', () => {
  it('lists every ticket, also of projects no client of theirs shares', async () => {
    const all = await tickets('', staff)
    expect(all.count).toBeGreaterThanOrEqual(5)
    const assigned = await tickets(`?assigned_to=${staff.client.id}`, staff)
    expect(assigned.count).toBeGreaterThan(0)
    expect(assigned.results.every((t) => t.assigned_to?.first_name === 'Sami')).toBe(true)
  })

  it('changes status, priority and assignee with activities and one e-mail to the client', async () => {
    const ticket = await ticketByTitle('Apple Pay')
    const before = (await mails('demo@example.com')).length
    const response = await patch(
      `/api/support/tickets/${ticket.id}/`,
      { status: 'in_progress', priority: 'urgent', assigned_to: staff.client.id },
      staff,
    )
    expect(response.statusCode).toBe(200)
    const updated = ticketDetailSchema.parse(response.json())
    expect(updated).toMatchObject({
      status: 'in_progress',
      priority: 'urgent',
      assigned_to: { first_name: 'Sami' },
    })
    const types = updated.activities.slice(-3).map((a) => a.activity_type)
    expect(types).toEqual(['status_changed', 'priority_changed', 'assigned'])
    expect(updated.activities.at(-3)).toMatchObject({ old_value: 'new', new_value: 'in_progress' })
    // A new priority starts a new target: 4 hours from the change.
    const hours = (Date.parse(updated.due_date ?? '') - Date.parse(updated.updated_at)) / 3_600_000
    expect(hours).toBeCloseTo(4, 5)

    const sent = await mails('demo@example.com')
    expect(sent.length).toBe(before + 1)
    expect(sent[0]?.subject).toContain(`#${ticket.id}`)
    expect(sent[0]?.text).toContain('Ticket status changed from New to In Progress')
    expect(sent[0]?.text).toContain('Ticket assigned to Sami Haddad')

    // The same values again change nothing and send nothing.
    await patch(`/api/support/tickets/${ticket.id}/`, { status: 'in_progress' }, staff)
    expect((await mails('demo@example.com')).length).toBe(before + 1)
  })

  it('e-mails a reply but not an internal note, which stays hidden from the client', async () => {
    const ticket = await ticketByTitle('Apple Pay')
    const before = (await mails('demo@example.com')).length
    const note = await post(
      '/api/support/comments/',
      { ticket: ticket.id, content: 'Needs a merchant ID first', is_internal: true },
      staff,
    )
    expect(note.statusCode).toBe(201)
    expect((await mails('demo@example.com')).length).toBe(before)
    const reply = await post(
      '/api/support/comments/',
      { ticket: ticket.id, content: 'Apple Pay is planned for the payments milestone.' },
      staff,
    )
    expect(reply.statusCode).toBe(201)
    const sent = await mails('demo@example.com')
    expect(sent.length).toBe(before + 1)
    expect(sent[0]?.text).toContain('Apple Pay is planned for the payments milestone.')

    const forClient = await detail(ticket.id)
    expect(JSON.stringify(forClient)).not.toContain('merchant ID')
    expect(forClient.comments.at(-1)?.author.is_staff).toBe(true)
  })

  it('refuses a non-staff assignee, and clients may not change tickets', async () => {
    const ticket = await ticketByTitle('Apple Pay')
    const bad = await patch(`/api/support/tickets/${ticket.id}/`, { assigned_to: demo.client.id }, staff)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().assigned_to).toEqual([supportMessages.notStaffAssignee])
    const byClient = await patch(`/api/support/tickets/${ticket.id}/`, { status: 'closed' }, demo)
    expect(byClient.statusCode).toBe(403)
    const badStatus = await patch(`/api/support/tickets/${ticket.id}/`, { status: 'gone' }, staff)
    expect(badStatus.statusCode).toBe(400)
  })

  it('can download any attachment', async () => {
    const invoice = await detail((await ticketByTitle('VAT')).id)
    expect((await get(new URL(invoice.attachments[0]?.file ?? '').pathname, staff)).statusCode).toBe(200)
  })
})

describe("another client gets 404 for everything of the demo client's", () => {
  it('tickets, comments, attachments, activities, downloads and writes', async () => {
    const checkout = await detail((await ticketByTitle('Checkout times out')).id)
    const attachment = checkout.attachments[0]
    const reads = [
      `/api/client/projects/${atlas}/overview/`,
      `/api/support/tickets/${checkout.id}/`,
      `/api/support/comments/?ticket=${checkout.id}`,
      `/api/support/attachments/?ticket=${checkout.id}`,
      `/api/support/activities/?ticket=${checkout.id}`,
      new URL(attachment?.file ?? '').pathname,
    ]
    for (const url of reads) {
      const response = await get(url, other)
      expect(response.statusCode, url).toBe(404)
      expect(response.json()).toEqual({ detail: 'Not found.' })
    }
    expect((await tickets(`?project=${atlas}`, other)).count).toBe(0)
    expect((await tickets('', other)).count).toBe(0)

    const comment = await post('/api/support/comments/', { ticket: checkout.id, content: 'hello' }, other)
    expect(comment.statusCode).toBe(404)
    const upload = await postForm(
      '/api/support/attachments/',
      { ticket: String(checkout.id) },
      { file: { filename: 'a.txt', content: 'x' } },
      other,
    )
    expect(upload.statusCode).toBe(404)
    const create = await postForm(
      '/api/support/tickets/',
      { title: 't', description: 'd', project: String(atlas) },
      {},
      other,
    )
    expect(create.statusCode).toBe(404)
    // Nothing the other client tried was stored.
    expect((await detail(checkout.id)).comments.map((c) => c.content)).not.toContain('hello')
  })

  it('an anonymous caller gets 401 for a download', async () => {
    const checkout = await detail((await ticketByTitle('Checkout times out')).id)
    expect((await get(new URL(checkout.attachments[0]?.file ?? '').pathname)).statusCode).toBe(401)
  })
})

import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  activityListSchema,
  attachmentListSchema,
  attachmentSchema,
  categoryListSchema,
  commentListSchema,
  commentSchema,
  supportMessages,
  ticketDetailSchema,
} from '../../src/contract/support'
import { ticketComments } from '../../server/db/schema'
import { samples, type UploadPart } from './helpers/multipart'
import { requests } from './helpers/requests'
import { supportFixture } from './helpers/support'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, post, postForm } = requests(app)
const { demo, staff, atlas, warehouse, tickets, ticketByTitle, detail } = await supportFixture(app)

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

  it('lists the tickets with the latest reply first for ?sort=updated (the desktop app watches it for replies)', async () => {
    const oldest = (await tickets(`?project=${atlas}`)).results.at(-1)
    if (!oldest) throw new Error('no ticket')
    const reply = await post(
      '/api/support/comments/',
      { ticket: oldest.id, content: 'We have fixed it.', is_internal: false },
      staff,
    )
    expect(reply.statusCode).toBe(201)
    const byUpdate = await tickets(`?project=${atlas}&sort=updated`)
    expect(byUpdate.results[0]?.id).toBe(oldest.id)
    expect((await tickets(`?project=${atlas}`)).results[0]?.id).not.toBe(oldest.id)
    expect((await get('/api/support/tickets/?sort=sideways', demo)).statusCode).toBe(400)
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

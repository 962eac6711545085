import { desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema'
import { supportMessages, ticketDetailSchema } from '../../src/contract/support'
import { ticketClientHistorySchema } from '../../src/contract/support-staff'
import { requests } from './helpers/requests'
import { supportFixture } from './helpers/support'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, post, patch, postForm } = requests(app)
const { demo, staff, other, atlas, tickets, ticketByTitle, detail, mails } = await supportFixture(app)
// The first ticket of the console's queue, as the seed has it (the console's tests below use it).
const firstTicket = (
  await app.inject({ method: 'GET', url: '/api/staff/tickets/', headers: staff.headers })
).json().results[0] as { id: number }

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

describe('tickets in the console (/api/staff/tickets/)', () => {
  // A reply to the client, which the first test expects to see beside its internal note.
  beforeAll(async () => {
    const reply = await app.inject({
      method: 'POST',
      url: `/api/staff/tickets/${firstTicket.id}/comments/`,
      headers: staff.headers,
      payload: { content: 'Looking into it', is_internal: false },
    })
    expect(reply.statusCode).toBe(201)
  })

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

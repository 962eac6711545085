import { describe, expect, it } from 'vitest'
import { supportMessages, ticketDetailSchema } from '../../src/contract/support'
import { requests } from './helpers/requests'
import { supportFixture } from './helpers/support'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, post, patch, postForm } = requests(app)
const { demo, staff, other, atlas, tickets, ticketByTitle, detail, mails } = await supportFixture(app)

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

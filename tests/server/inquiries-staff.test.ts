import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contactMessages, mailOutbox } from '../../server/db/schema'
import { signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/*
 * The console's inbox (/api/staff/inbox/): replies to the senders and status changes.
 * Role and audit checks of every staff route are in staff.test.ts.
 */
const app = await openTestApp()
const staff = await signIn(app, STAFF)
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

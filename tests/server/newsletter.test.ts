import { NUL_MESSAGE } from '../../src/contract/common'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newsletterMessages } from '../../src/contract/newsletter'
import { mailOutbox, newsletterSubscribers } from '../../server/db/schema'
import { nextAddress } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()

const api = requests(app)
const post = (action: 'subscribe' | 'unsubscribe', payload: object, remoteAddress = nextAddress()) =>
  api.post(`/api/public/newsletter/${action}/`, payload, { remoteAddress })

async function subscriber(email: string) {
  const [row] = await app.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()))
  return row
}

const confirmationsTo = async (email: string) =>
  (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
    (m) => m.template === 'newsletter-confirmation',
  )

describe('POST /api/public/newsletter/subscribe/', () => {
  it('subscribes a new address with 201, message and email, and sends one confirmation', async () => {
    const response = await post('subscribe', { email: '  Reader.One@Example.com ' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      success: true,
      message: newsletterMessages.subscribed,
      email: 'reader.one@example.com',
    })
    expect(await subscriber('reader.one@example.com')).toMatchObject({ status: 'pending' })
    expect(await confirmationsTo('reader.one@example.com')).toHaveLength(1)
  })

  it('subscribes only once the e-mailed link is followed (double opt-in), with a one-click unsubscribe', async () => {
    await post('subscribe', { email: 'opt.in@example.com' })
    const [mail] = await confirmationsTo('opt.in@example.com')
    const token = /\/confirm\/([\w-]+)\//.exec(mail?.text ?? '')?.[1] ?? ''
    const unsubscribeLink = `${app.config.publicUrl}/api/public/newsletter/unsubscribe/${token}/`
    expect(mail?.text).toContain(unsubscribeLink)
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(mail?.html).toContain('/confirm/')

    const confirmed = await app.inject({ method: 'GET', url: `/api/public/newsletter/confirm/${token}/` })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.body).toContain('Subscription confirmed')
    expect(await subscriber('opt.in@example.com')).toMatchObject({
      status: 'subscribed',
      confirmedAt: expect.any(Date),
    })

    // A link scanner's GET changes nothing; the mail client's one-click POST unsubscribes.
    const page = await app.inject({ method: 'GET', url: `/api/public/newsletter/unsubscribe/${token}/` })
    expect(page.body).toContain('<form method="post">')
    expect(await subscriber('opt.in@example.com')).toMatchObject({ status: 'subscribed' })
    const oneClick = await app.inject({
      method: 'POST',
      url: `/api/public/newsletter/unsubscribe/${token}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode).toBe(200)
    expect(await subscriber('opt.in@example.com')).toMatchObject({ status: 'unsubscribed' })
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/public/newsletter/confirm/not-a-real-token-at-all/',
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('answers a duplicate (any letter case) as success, without a second row or e-mail', async () => {
    await post('subscribe', { email: 'twice@example.com' })
    const again = await post('subscribe', { email: 'TWICE@example.com' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({
      success: true,
      message: newsletterMessages.alreadySubscribed,
      email: 'twice@example.com',
    })
    const rows = await app.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, 'twice@example.com'))
    expect(rows).toHaveLength(1)
    expect(await confirmationsTo('twice@example.com')).toHaveLength(1)
  })

  it('keeps one row when two subscriptions race', async () => {
    const responses = await Promise.all([
      post('subscribe', { email: 'race@example.com' }),
      post('subscribe', { email: 'race@example.com' }),
    ])
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 201])
    expect(await confirmationsTo('race@example.com')).toHaveLength(1)
  })

  it.each([
    [{ email: 'not-an-email' }, newsletterMessages.invalidFormat],
    [{ email: 'with space@example.com' }, newsletterMessages.invalidFormat],
    // NUL characters are refused for every route by the input guard, before any field rule runs.
    [{ email: 'nul\u0000@example.com' }, NUL_MESSAGE],
    [{ email: '' }, newsletterMessages.emptyEmail],
    [{ email: '   ' }, newsletterMessages.emptyEmail],
    [{}, newsletterMessages.emptyEmail],
  ])('rejects %j with 400 and an email field error', async (payload, message) => {
    const response = await post('subscribe', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().email).toEqual([message])
  })

  it('is rate limited per client address', async () => {
    const address = nextAddress()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      statuses.push((await post('subscribe', { email: `rl${i}@example.com` }, address)).statusCode)
    }
    expect(statuses[9]).toBe(201)
    expect(statuses[10]).toBe(429)
  })
})

describe('POST /api/public/newsletter/unsubscribe/', () => {
  it('unsubscribes, is idempotent, and a later subscribe reactivates with a new confirmation', async () => {
    await post('subscribe', { email: 'leaver@example.com' })
    const first = await post('unsubscribe', { email: 'Leaver@Example.com' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({
      success: true,
      message: newsletterMessages.unsubscribed,
      email: 'leaver@example.com',
    })
    expect(await subscriber('leaver@example.com')).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: expect.any(Date),
    })
    expect((await post('unsubscribe', { email: 'leaver@example.com' })).statusCode).toBe(200)

    const back = await post('subscribe', { email: 'leaver@example.com' })
    expect(back.statusCode).toBe(201)
    expect(back.json().message).toBe(newsletterMessages.subscribed)
    expect(await subscriber('leaver@example.com')).toMatchObject({
      status: 'pending',
      unsubscribedAt: null,
    })
    expect(await confirmationsTo('leaver@example.com')).toHaveLength(2)
  })

  it('answers the same for an address that was never subscribed', async () => {
    const response = await post('unsubscribe', { email: 'stranger@example.com' })
    expect(response.statusCode).toBe(200)
    expect(response.json().message).toBe(newsletterMessages.unsubscribed)
    expect(await subscriber('stranger@example.com')).toBeUndefined()
  })

  it('rejects a bad address with 400', async () => {
    const response = await post('unsubscribe', { email: 'nope' })
    expect(response.statusCode).toBe(400)
    expect(response.json().email).toEqual([newsletterMessages.invalidFormat])
  })
})

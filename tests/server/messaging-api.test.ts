import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { appDetailsSchema } from '../../src/contract/apps'
import {
  MESSAGES_PER_MINUTE,
  messageListSchema,
  messageSchema,
  messagingErrors,
  messagingErrorSchema,
} from '../../src/contract/messaging'
import { appMessages, apps, appSubscriptions, mailOutbox, smsOutbox } from '../../server/db/schema'
import { segmentsOf } from '../../server/modules/apps/segments'
import { registerClient, type SignedIn } from './helpers/auth'
import { paidApp, readWith, sendWith, setLimit } from './helpers/apps'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get } = requests(app)
const send = sendWith(app)
const read = readWith(app)
let client: SignedIn
let neighbour: SignedIn
beforeAll(async () => {
  client = await registerClient(app)
  neighbour = await registerClient(app)
})

const sms = (body = 'Your order is on its way.', to = '+13125550199') => ({ channel: 'sms', to, body })

async function used(appId: number) {
  const rows = await app.db.select().from(appSubscriptions).where(eq(appSubscriptions.appId, appId))
  return rows.reduce((sum, s) => sum + s.messagesUsed, 0)
}

describe('errors a program can act on', () => {
  it('answer a code beside the detail for every failure', async () => {
    const { id, key } = await paidApp(app, client, ['sms'], 'Coded')
    const codeOf = async (response: Awaited<ReturnType<typeof send>>) => {
      const body = messagingErrorSchema.parse(response.json())
      return [response.statusCode, body.code]
    }
    expect(await codeOf(await send(undefined, sms()))).toEqual([401, 'invalid_api_key'])
    expect(await codeOf(await send(`cyk_${'0'.repeat(48)}`, sms()))).toEqual([401, 'invalid_api_key'])
    // Field errors keep their arrays; schema errors and our own checks answer alike.
    const badPhone = await send(key, sms('Hi', '12'))
    expect(badPhone.json()).toEqual({
      detail: messagingErrors.badRecipient('sms'),
      code: 'validation_error',
      to: [messagingErrors.badRecipient('sms')],
    })
    const noBody = await send(key, { channel: 'sms', to: '+13125550199' })
    expect(noBody.statusCode).toBe(400)
    expect(noBody.json()).toMatchObject({ code: 'validation_error', body: expect.any(Array) })
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: '{"channel":',
    })
    expect(await codeOf(notJson)).toEqual([400, 'validation_error'])
    expect(await codeOf(await read(key, '/api/v1/messages/2147483647'))).toEqual([404, 'not_found'])
    expect(await codeOf(await send(key, sms(), 'x'.repeat(256)))).toEqual([400, 'validation_error'])
    await app.db.update(apps).set({ status: 'suspended' }).where(eq(apps.id, id))
    expect(await codeOf(await send(key, sms()))).toEqual([403, 'app_inactive'])
  })

  it('answers 429 rate_limited with Retry-After past the per-key limit', async () => {
    // A key of the wrong shape is refused without a query: the limit is what this measures.
    const key = 'not-a-key-but-counted'
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) await read(key, '/api/v1/messages')
    const limited = await read(key, '/api/v1/messages')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json()).toMatchObject({ code: 'rate_limited' })
  })

  it('are documented under the messaging tag of the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json()
    const tag = doc.tags.find((t: { name: string }) => t.name === 'messaging')
    for (const code of ['package_exhausted', 'rate_limited', 'idempotency_key_reused', 'key_revoked'])
      expect(tag.description).toContain(`\`${code}\``)
    const post = doc.paths['/api/v1/messages'].post
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['202', '400', '401', '402', '403', '422', '429']),
    )
    expect(post.responses['402'].content['application/json'].schema.properties.code.enum).toContain(
      'package_exhausted',
    )
  })
})

describe('Idempotency-Key', () => {
  it('ten identical sends at once store one message, charge once and all answer it', async () => {
    const { id, key } = await paidApp(app, client, ['sms'], 'Retries')
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send(key, sms('Order 77 shipped.'), 'order-77-shipped')),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(202))
    const ids = new Set(answers.map((a) => messageSchema.parse(a.json()).id))
    expect(ids.size).toBe(1)
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9)
    const stored = await app.db.select().from(appMessages).where(eq(appMessages.appId, id))
    expect(stored).toHaveLength(1)
    expect(await used(id)).toBe(1)
    // A later retry answers the same message too; another key sends another.
    const retry = await send(key, sms('Order 77 shipped.'), 'order-77-shipped')
    expect(retry.json().id).toBe([...ids][0])
    expect((await send(key, sms('Order 77 shipped.'), 'order-77-again')).json().id).not.toBe([...ids][0])
    expect(await used(id)).toBe(2)
  })

  it('answers 422 idempotency_key_reused for the same key with another body', async () => {
    const { id, key } = await paidApp(app, client, ['sms'], 'Reuse')
    expect((await send(key, sms('First text'), 'reused-key')).statusCode).toBe(202)
    const reused = await send(key, sms('Another text'), 'reused-key')
    expect(reused.statusCode).toBe(422)
    expect(reused.json()).toEqual({
      detail: messagingErrors.idempotencyKeyReused,
      code: 'idempotency_key_reused',
    })
    expect(await used(id)).toBe(1)
  })

  it('keeps keys per app, and a failed send keeps nothing: its retry is sent', async () => {
    const first = await paidApp(app, client, ['sms'], 'Keys A')
    const second = await paidApp(app, neighbour, ['sms'], 'Keys B')
    const a = await send(first.key, sms(), 'shared-key')
    const b = await send(second.key, sms(), 'shared-key')
    expect(b.statusCode).toBe(202)
    expect(b.json().id).not.toBe(a.json().id)
    await setLimit(app, first.id, 1)
    const refused = await send(first.key, sms('One more'), 'after-the-limit')
    expect(refused.json()).toMatchObject({ code: 'package_exhausted', limit: 1, used: 1 })
    await setLimit(app, first.id, 10)
    const retried = await send(first.key, sms('One more'), 'after-the-limit')
    expect(retried.statusCode).toBe(202)
    expect(retried.headers['idempotent-replayed']).toBeUndefined()
  })
})

describe('reading and listing', () => {
  it('pages newest first with limit and starting_after, filters, and shows an app only its own', async () => {
    const mine = await paidApp(app, client, ['sms', 'email'], 'Lister')
    const theirs = await paidApp(app, neighbour, ['sms'], 'Stranger')
    const sent: number[] = []
    for (let i = 0; i < 5; i++)
      sent.push((await send(mine.key, sms(`Text ${i}`, `+1312555010${i}`))).json().id)
    const mail = await send(mine.key, {
      channel: 'email',
      to: 'Reader@Example.com',
      subject: 'Hi',
      body: 'Hello',
    })
    const foreign = (await send(theirs.key, sms('Not yours'))).json().id
    const page = async (query: string) => {
      const response = await read(mine.key, `/api/v1/messages${query}`)
      expect(response.statusCode).toBe(200)
      return messageListSchema.parse(response.json())
    }
    const first = await page('?limit=4')
    expect(first.results.map((m) => m.id)).toEqual([mail.json().id, ...sent.slice(2).reverse()])
    expect(first.has_more).toBe(true)
    const nextUrl = new URL(first.next as string)
    expect(nextUrl.searchParams.get('starting_after')).toBe(String(sent[2]))
    const second = await page(`${nextUrl.search}`)
    expect(second.results.map((m) => m.id)).toEqual([sent[1], sent[0]])
    expect(second).toMatchObject({ has_more: false, next: null })
    expect((await page('?channel=email')).results.map((m) => m.to)).toEqual(['reader@example.com'])
    expect((await page('?to=%2B1%20312%20555%200103')).results.map((m) => m.id)).toEqual([sent[3]])
    expect((await page('?status=delivered')).results).toHaveLength(0)
    expect((await page('?status=queued')).results).toHaveLength(6)
    const future = new Date(Date.now() + 60_000).toISOString()
    expect((await page(`?created_after=${future}`)).results).toHaveLength(0)
    expect((await page(`?created_before=${future}&limit=100`)).results).toHaveLength(6)
    expect((await read(mine.key, '/api/v1/messages?limit=101')).json()).toMatchObject({
      code: 'validation_error',
    })
    expect((await read(mine.key, '/api/v1/messages?created_after=yesterday')).statusCode).toBe(400)
    // Another app's message is not found, and never listed.
    expect((await read(mine.key, `/api/v1/messages/${foreign}`)).statusCode).toBe(404)
    expect((await page('?limit=100')).results.map((m) => m.id)).not.toContain(foreign)
    const one = await read(mine.key, `/api/v1/messages/${sent[0]}`)
    expect(messageSchema.parse(one.json())).toMatchObject({
      id: sent[0],
      channel: 'sms',
      segments: 1,
      test: false,
    })
  })
})

describe('segments', () => {
  it('count SMS as carriers do: GSM-7 160/153, UCS-2 (Arabic, emoji) 70/67, at the boundaries', () => {
    const cases: [string, number][] = [
      ['a'.repeat(160), 1],
      ['a'.repeat(161), 2],
      ['a'.repeat(306), 2],
      ['a'.repeat(307), 3],
      // The extension characters take two septets.
      ['€'.repeat(80), 1],
      ['€'.repeat(81), 2],
      ['م'.repeat(70), 1],
      ['م'.repeat(71), 2],
      ['م'.repeat(134), 2],
      ['م'.repeat(135), 3],
      // An emoji is two UTF-16 units.
      ['😀'.repeat(35), 1],
      ['😀'.repeat(36), 2],
      [`${'a'.repeat(69)}😀`, 2],
    ]
    for (const [text, segments] of cases)
      expect([text.length, segmentsOf('sms', text)]).toEqual([text.length, segments])
    expect(segmentsOf('email', 'x'.repeat(5000))).toBe(1)
    expect(segmentsOf('whatsapp', 'م'.repeat(500))).toBe(1)
  })

  it('are answered, shown in the analytics and charged to the package', async () => {
    const { id, key } = await paidApp(app, client, ['sms'], 'Segments')
    const arabic = await send(key, sms('م'.repeat(71)))
    expect(arabic.json()).toMatchObject({ segments: 2 })
    expect(await used(id)).toBe(2)
    await setLimit(app, id, 4)
    // Three segments do not fit in the two left: refused whole, nothing taken.
    const long = await send(key, sms('a'.repeat(307)))
    expect(long.json()).toMatchObject({ code: 'package_exhausted', limit: 4, used: 2, segments: 3 })
    expect((await send(key, sms('a'.repeat(161)))).json()).toMatchObject({ segments: 2 })
    expect(await used(id)).toBe(4)
    const details = appDetailsSchema.parse((await get(`/api/client/apps/${id}/`, client)).json())
    expect(details.statistics.segments).toBe(4)
    expect(details.daily_messages.at(-1)?.segments).toBe(4)
  })
})

describe('test keys', () => {
  it('answer like the live key, spend nothing, and go to the sandbox outbox marked test', async () => {
    const { id, key, testKey } = await paidApp(app, client, ['sms'], 'Tester')
    expect(testKey).toMatch(/^cyk_test_[0-9a-f]{48}$/)
    await setLimit(app, id, 1)
    const accepted = await send(testKey, sms('Test text', '+13125550177'))
    expect(accepted.statusCode).toBe(202)
    expect(accepted.json()).toMatchObject({ test: true, status: 'queued', segments: 1 })
    expect((await send(testKey, sms('Again', '+13125550177'))).statusCode).toBe(202)
    expect(await used(id)).toBe(0)
    // The same checks: a message that does not fit the package is refused in test mode too.
    expect((await send(testKey, sms('a'.repeat(161)))).json()).toMatchObject({ code: 'package_exhausted' })
    expect(
      (await send(testKey, { channel: 'email', to: 'a@example.com', subject: 'x', body: 'x' })).json(),
    ).toMatchObject({
      code: 'channel_not_in_package',
    })
    // Each mode sees its own messages.
    const live = (await send(key, sms('Live text'))).json().id
    expect((await read(testKey, `/api/v1/messages/${live}`)).statusCode).toBe(404)
    expect((await read(key, `/api/v1/messages/${accepted.json().id}`)).statusCode).toBe(404)
    const listed = messageListSchema.parse((await read(testKey, '/api/v1/messages')).json())
    expect(listed.results.every((m) => m.test)).toBe(true)
    // Delivered by the sandbox, recorded with the test template.
    const { deliverDueBatch } = await import('../../server/modules/apps/delivery')
    const senders = { mailer: app.mailer, sms: app.sms, whatsapp: app.whatsapp }
    await deliverDueBatch(
      { db: app.db, ...senders, testSenders: senders },
      { retryDelaySeconds: 1, retryLimit: 1 },
    )
    const outbox = await app.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.to, '+13125550177'), eq(smsOutbox.template, 'app-message-test')))
    expect(outbox).toHaveLength(2)
    const details = appDetailsSchema.parse((await get(`/api/client/apps/${id}/`, client)).json())
    expect(details.recent_messages.filter((m) => m.test)).toHaveLength(2)
    // The figures count live traffic only.
    expect(details.statistics.total_messages).toBe(1)
  })
})

describe('usage alerts', () => {
  it('e-mail the client 7 days before a package ends, once', async () => {
    const { sendExpiryAlerts } = await import('../../server/modules/apps/alerts')
    const { id } = await paidApp(app, client, ['sms'], 'Ending Soon')
    const ends = new Date(Date.now() + 6 * 86_400_000)
    await app.db.update(appSubscriptions).set({ endDate: ends }).where(eq(appSubscriptions.appId, id))
    const deps = { db: app.db, mailer: app.mailer }
    expect(await sendExpiryAlerts(deps, 'https://cypher.example')).toBeGreaterThanOrEqual(1)
    expect(await sendExpiryAlerts(deps, 'https://cypher.example')).toBe(0)
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'app-expiry-7d'))
    const mine = mails.filter((m) => m.subject.startsWith('Ending Soon:'))
    expect(mine).toHaveLength(1)
    expect(mine[0]?.text).toContain(`/manage-msg/${id}`)
  })

  it('count segments towards the 80% and 100% alerts', async () => {
    const { id, key } = await paidApp(app, client, ['sms'], 'Alerted')
    await setLimit(app, id, 10)
    // 7 then 3 segments: the second message crosses 80% and 100% at once.
    await send(key, sms('a'.repeat(7 * 153)))
    const crossing = await app.db.select().from(appSubscriptions).where(eq(appSubscriptions.appId, id))
    expect(crossing[0]?.alert80SentAt).toBeNull()
    await send(key, sms('a'.repeat(3 * 153)))
    const [after] = await app.db.select().from(appSubscriptions).where(eq(appSubscriptions.appId, id))
    expect(after?.alert80SentAt).not.toBeNull()
    expect(after?.alert100SentAt).not.toBeNull()
  })
})

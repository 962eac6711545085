import { desc, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { toE164 } from '../../server/adapters/sms'
import { twilioSignature } from '../../server/adapters/sms/twilio'
import { smsOutbox } from '../../server/db/schema'
import { FakeTwilio, TWILIO } from './helpers/fake-twilio'
import { openTestApp } from './helpers/test-app'

const twilio = await new FakeTwilio().start()
afterAll(() => twilio.stop())
const PUBLIC_URL = 'https://cypher.example'
const app = await openTestApp({
  env: {
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_FROM: TWILIO.from,
    TWILIO_API_URL: twilio.url,
    PUBLIC_URL,
  },
})
const CALLBACK = `${PUBLIC_URL}/api/webhooks/twilio/sms-status/`

const latestRow = async () => {
  const [row] = await app.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(1)
  if (!row) throw new Error('no outbox row')
  return row
}

function callback(
  params: Record<string, string>,
  signature = twilioSignature(TWILIO.authToken, CALLBACK, params),
) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/twilio/sms-status/',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(params).toString(),
  })
}

describe('toE164', () => {
  it('reads numbers as people type them and refuses numbers without a country code', () => {
    expect(toE164('+1 (312) 555-0199')).toBe('+13125550199')
    expect(toE164('0020 100 555 0142')).toBe('+201005550142')
    expect(toE164('0100 555 0142')).toBeNull()
    expect(toE164('+0 123 456')).toBeNull()
    expect(toE164('')).toBeNull()
  })
})

describe('twilioSignature', () => {
  it("matches the example of Twilio's webhook security documentation", () => {
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    }
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    )
  })
})

describe('Twilio SMS adapter', () => {
  it('is used when Twilio is configured, and sends as Twilio documents with a status callback', async () => {
    expect(app.sms.sandbox).toBe(false)
    await app.sms.send({ to: '+13125550199', body: 'Your code is 123456', template: 'test' })
    expect(twilio.received.at(-1)).toEqual({
      to: '+13125550199',
      from: TWILIO.from,
      messagingServiceSid: null,
      body: 'Your code is 123456',
      statusCallback: CALLBACK,
    })
    const row = await latestRow()
    expect(row).toMatchObject({ provider: 'twilio', status: 'queued', error: null })
    expect(row.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/)
  })

  it("records Twilio's error on the message and does not throw", async () => {
    twilio.failNext = { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' }
    await app.sms.send({ to: '+13125550198', body: 'Hello', template: 'test' })
    expect(await latestRow()).toMatchObject({
      status: 'failed',
      error: 'Twilio 21610: Attempt to send to unsubscribed recipient',
    })
  })

  it('applies signed status callbacks in order and ignores a late earlier status', async () => {
    await app.sms.send({ to: '+13125550197', body: 'Status test', template: 'test' })
    const { id, providerMessageId } = await latestRow()
    const sid = providerMessageId ?? ''
    expect(
      (await callback({ MessageSid: sid, MessageStatus: 'delivered', AccountSid: TWILIO.accountSid }))
        .statusCode,
    ).toBe(204)
    expect(
      (await callback({ MessageSid: sid, MessageStatus: 'sent', AccountSid: TWILIO.accountSid })).statusCode,
    ).toBe(204)
    const [row] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.id, id))
    expect(row?.status).toBe('delivered')
  })

  it('refuses a status callback with a wrong or missing signature', async () => {
    await app.sms.send({ to: '+13125550196', body: 'Forgery test', template: 'test' })
    const { id, providerMessageId } = await latestRow()
    const params = { MessageSid: providerMessageId ?? '', MessageStatus: 'failed', ErrorCode: '30003' }
    expect((await callback(params, 'bm90LXRoZS1zaWduYXR1cmU=')).statusCode).toBe(401)
    expect((await callback(params, '')).statusCode).toBe(401)
    const [row] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.id, id))
    expect(row?.status).toBe('queued')
    expect((await callback(params)).statusCode).toBe(204)
    const [after] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.id, id))
    expect(after).toMatchObject({ status: 'failed', error: 'Twilio error 30003' })
  })
})

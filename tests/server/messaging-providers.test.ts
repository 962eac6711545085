import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { twilioSignature } from '../../server/adapters/sms/twilio'
import { appWebhookDeliveries, mailOutbox, users } from '../../server/db/schema'
import { deliverDueBatch } from '../../server/modules/apps/delivery'
import { registerClient, type SignedIn } from './helpers/auth'
import { paidApp, readWith, sendWith } from './helpers/apps'
import { startFakeSmtp } from './helpers/fake-smtp'
import { FakeTwilio, TWILIO } from './helpers/fake-twilio'
import { openTestApp } from './helpers/test-app'

// The real adapters against their local fakes: Twilio for SMS, SMTP for e-mail.
const twilio = await new FakeTwilio().start()
const smtp = await startFakeSmtp()
afterAll(async () => {
  await twilio.stop()
  await smtp.close()
})
const PUBLIC_URL = 'https://cypher.example'
const app = await openTestApp({
  env: {
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_FROM: TWILIO.from,
    TWILIO_API_URL: twilio.url,
    MAIL_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Cypher <no-reply@cypher.example>',
    PUBLIC_URL,
  },
})
const send = sendWith(app)
const read = readWith(app)
const STATUS_URL = `${PUBLIC_URL}/api/webhooks/twilio/sms-status/`
let client: SignedIn & { email: string }
beforeAll(async () => {
  client = await registerClient(app)
})

const testSenders = {
  mailer: (await import('../../server/adapters/mail')).createSandboxMailer(app.db),
  sms: (await import('../../server/adapters/sms')).createSandboxSms(app.db),
  whatsapp: (await import('../../server/adapters/whatsapp')).createSandboxWhatsApp(app.db),
}
const deliver = () =>
  deliverDueBatch(
    { db: app.db, mailer: app.mailer, sms: app.sms, whatsapp: app.whatsapp, testSenders },
    { retryDelaySeconds: 1, retryLimit: 1 },
  )

function twilioStatus(params: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/twilio/sms-status/',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(TWILIO.authToken, STATUS_URL, params),
    },
    payload: new URLSearchParams(params).toString(),
  })
}

describe('through Twilio', () => {
  it("sends live messages, follows Twilio's delivery reports and records a callback for each change", async () => {
    const { id, key, testKey } = await paidApp(app, client, ['sms'], 'Twilio Sender')
    await app.inject({
      method: 'PUT',
      url: `/api/client/apps/${id}/callback/`,
      headers: client.headers,
      payload: { callback_url: 'http://127.0.0.1:9/hooks' },
    })
    const live = (await send(key, { channel: 'sms', to: '+13125550170', body: 'Live via Twilio' })).json()
    const test = (
      await send(testKey, { channel: 'sms', to: '+13125550171', body: 'Test, never sent' })
    ).json()
    await deliver()
    // Only the live message reached Twilio.
    expect(twilio.received.map((m) => m.body)).toEqual(['Live via Twilio'])
    expect(twilio.received[0]?.statusCallback).toBe(STATUS_URL)
    expect((await read(key, `/api/v1/messages/${live.id}`)).json()).toMatchObject({ status: 'sent' })
    expect((await read(testKey, `/api/v1/messages/${test.id}`)).json()).toMatchObject({ status: 'delivered' })
    const { findMessage } = await import('../../server/modules/apps/message-repository')
    const sid = (await findMessage(app.db, id, live.id))?.providerMessageId as string
    expect(sid).toMatch(/^SM/)
    expect(
      (await twilioStatus({ MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' })).statusCode,
    ).toBe(204)
    // A late earlier status changes nothing.
    await twilioStatus({ MessageSid: sid, MessageStatus: 'sent' })
    expect((await read(key, `/api/v1/messages/${live.id}`)).json()).toMatchObject({
      status: 'undelivered',
      error_code: '30003',
      error_message: 'Twilio error 30003',
    })
    const events = await app.db.select().from(appWebhookDeliveries).where(eq(appWebhookDeliveries.appId, id))
    expect(events.map((e) => e.event).sort()).toEqual([
      'message.delivered',
      'message.sent',
      'message.undelivered',
    ])
  })

  it("records Twilio's error code when it refuses a message", async () => {
    const { key } = await paidApp(app, client, ['sms'], 'Twilio Refused')
    twilio.failNext = { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' }
    const sent = (await send(key, { channel: 'sms', to: '+13125550172', body: 'Refused' })).json()
    // No retries left: Twilio's refusal fails the message.
    await deliverDueBatch(
      { db: app.db, mailer: app.mailer, sms: app.sms, whatsapp: app.whatsapp, testSenders },
      { retryDelaySeconds: 1, retryLimit: 0 },
    )
    expect((await read(key, `/api/v1/messages/${sent.id}`)).json()).toMatchObject({
      status: 'failed',
      error_code: '21610',
    })
  })
})

describe('e-mail through an app', () => {
  it("comes from the app's name with the client's address as Reply-To, in a plain and an HTML part", async () => {
    const { key, testKey } = await paidApp(app, client, ['email'], 'Acme Receipts')
    const [owner] = await app.db.select().from(users).where(eq(users.email, client.email))
    await send(key, {
      channel: 'email',
      to: 'buyer@example.com',
      subject: 'Your receipt',
      body: 'Thank you.\n\nOrder 12.',
    })
    await send(testKey, { channel: 'email', to: 'tester@example.com', subject: 'Test', body: 'Never sent.' })
    await deliver()
    // The test message never reached the mail server; the live one did.
    expect(smtp.received.filter((m) => m.to.includes('tester@example.com'))).toHaveLength(0)
    const data = smtp.received.find((m) => m.to.includes('buyer@example.com'))?.data ?? ''
    expect(data).toMatch(/^From: Acme Receipts <no-reply@cypher\.example>$/m)
    expect(data).toMatch(new RegExp(`^Reply-To: ${(owner?.email ?? '').replace('.', '\\.')}$`, 'm'))
    expect(data).toMatch(/^Content-Type: multipart\/alternative;/m)
    expect(data).toMatch(/^Content-Type: text\/html/m)
    const [sandboxed] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'tester@example.com'))
    expect(sandboxed).toMatchObject({
      status: 'sandboxed',
      template: 'app-message-test',
      fromName: 'Acme Receipts',
    })
  })
})

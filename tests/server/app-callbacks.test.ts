import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callbackDeliveryListSchema, callbackSettingsSchema } from '../../src/contract/app-callbacks'
import { callbackPayloadSchema } from '../../src/contract/messaging'
import { appWebhookDeliveries } from '../../server/db/schema'
import { KeySealer, resolveAppKeySecret } from '../../server/modules/apps/api-keys'
import { checkCallbackUrl, guardedLookup, isPublicAddress } from '../../server/modules/apps/callback-url'
import { deliverDueCallbacks, nextCallbackAttempt } from '../../server/modules/apps/callbacks'
import { deliverDueBatch } from '../../server/modules/apps/delivery'
import { registerClient, type SignedIn } from './helpers/auth'
import { paidApp, sendWith } from './helpers/apps'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, post } = requests(app)
const send = sendWith(app)
const put = (url: string, payload: object, who: SignedIn) =>
  app.inject({ method: 'PUT', url, payload, headers: who.headers })
let client: SignedIn
let sealer: KeySealer

/** A local receiver of callbacks: records each request and answers as `answer` says (or never). */
interface Received {
  headers: IncomingHttpHeaders
  body: string
}
const received: Received[] = []
let answer: (response: ServerResponse) => void = (response) => response.writeHead(204).end()
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
    answer(response)
  })
})
let receiverUrl = ''

beforeAll(async () => {
  client = await registerClient(app)
  sealer = new KeySealer(await resolveAppKeySecret(undefined, app.config.dataDir))
  receiver.listen(0, '127.0.0.1')
  await once(receiver, 'listening')
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/messages`
})
afterAll(async () => {
  receiver.closeAllConnections()
  receiver.close()
})

const senders = () => ({ mailer: app.mailer, sms: app.sms, whatsapp: app.whatsapp })
const deliverMessages = () =>
  deliverDueBatch(
    { db: app.db, ...senders(), testSenders: senders() },
    { retryDelaySeconds: 1, retryLimit: 1 },
  )
const deliverCallbacks = (now = new Date(), timeoutMs = 2_000) =>
  deliverDueCallbacks({ db: app.db, sealer, policy: { production: false }, timeoutMs }, now)

async function deliveriesOf(appId: number) {
  const response = await get(`/api/client/apps/${appId}/deliveries/`, client)
  expect(response.statusCode).toBe(200)
  return callbackDeliveryListSchema.parse(response.json()).results
}

/** An app with a callback URL to the receiver; its signing secret. */
async function appWithCallback(name: string) {
  const created = await paidApp(app, client, ['sms'], name)
  const saved = await put(`/api/client/apps/${created.id}/callback/`, { callback_url: receiverUrl }, client)
  expect(saved.statusCode).toBe(200)
  const settings = callbackSettingsSchema.parse(saved.json())
  expect(settings.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
  return { ...created, secret: settings.webhook_secret as string }
}

describe('callback URLs', () => {
  it('are https in production, http only on loopback elsewhere; private addresses are refused', async () => {
    const production = { production: true }
    expect(checkCallbackUrl('https://hooks.example.com/in', production)).toEqual({
      url: 'https://hooks.example.com/in',
    })
    expect(checkCallbackUrl('http://hooks.example.com/in', production)).toMatchObject({
      error: expect.any(String),
    })
    for (const url of [
      'https://10.0.0.8/in',
      'https://[::1]/in',
      'https://169.254.169.254/',
      'https://localhost/in',
    ])
      expect(checkCallbackUrl(url, production)).toMatchObject({ error: expect.any(String) })
    expect(checkCallbackUrl('https://user:pw@hooks.example.com/', production)).toMatchObject({
      error: expect.any(String),
    })
    const development = { production: false }
    expect(checkCallbackUrl('http://127.0.0.1:9000/in', development)).toEqual({
      url: 'http://127.0.0.1:9000/in',
    })
    expect(checkCallbackUrl('http://hooks.example.com/in', development)).toMatchObject({
      error: expect.any(String),
    })
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, false])
    expect(isPublicAddress('8.8.8.8')).toBe(true)
    expect(isPublicAddress('2606:4700::1111')).toBe(true)
    // At send time a name that resolves to a private address is refused before connecting.
    const refused = await new Promise<Error | null>((resolve) =>
      guardedLookup(production)('localhost', {}, (error) => resolve(error)),
    )
    expect(refused?.message).toMatch(/not a public address/)
  })

  it('are set by the owner only, with the signing secret shown once', async () => {
    const { id } = await paidApp(app, client, ['sms'], 'Settings')
    const stranger = await registerClient(app)
    expect(
      (await put(`/api/client/apps/${id}/callback/`, { callback_url: receiverUrl }, stranger)).statusCode,
    ).toBe(404)
    const bad = await put(
      `/api/client/apps/${id}/callback/`,
      { callback_url: 'http://example.com/in' },
      client,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().callback_url).toHaveLength(1)
    const first = callbackSettingsSchema.parse(
      (await put(`/api/client/apps/${id}/callback/`, { callback_url: receiverUrl }, client)).json(),
    )
    expect(first.webhook_secret).not.toBeNull()
    const again = callbackSettingsSchema.parse(
      (await put(`/api/client/apps/${id}/callback/`, { callback_url: receiverUrl }, client)).json(),
    )
    expect(again).toEqual({ callback_url: receiverUrl, webhook_secret: null })
    const details = (await get(`/api/client/apps/${id}/`, client)).json()
    expect(details.callback_url).toBe(receiverUrl)
    expect(JSON.stringify(details)).not.toContain('whsec_')
  })
})

describe('status callbacks', () => {
  it('are signed as Standard Webhooks says, retried after a 500 and a timeout, and listed with Resend', async () => {
    const { id, testKey, secret } = await appWithCallback('Hooked')
    const message = (await send(testKey, { channel: 'sms', to: '+13125550160', body: 'Hello' })).json()
    await deliverMessages()
    received.length = 0
    answer = (response) => response.writeHead(500).end('down')
    await deliverCallbacks()
    expect(received).toHaveLength(1)
    const [pending] = await deliveriesOf(id)
    expect(pending).toMatchObject({
      event: 'message.delivered',
      status: 'pending',
      response_status: 500,
      attempts: 1,
    })
    const retryAt = new Date(pending?.next_attempt_at as string).getTime()
    expect(retryAt).toBeGreaterThan(Date.now() + 25_000)
    // Not due yet; then due, and this time the receiver never answers.
    await deliverCallbacks()
    expect(received).toHaveLength(1)
    answer = () => {}
    await deliverCallbacks(new Date(retryAt + 1000), 300)
    expect(received).toHaveLength(2)
    const [timedOut] = await deliveriesOf(id)
    expect(timedOut).toMatchObject({
      status: 'pending',
      response_status: null,
      last_error: 'timed out',
      attempts: 2,
    })
    // Then it answers: delivered, verified by an independent implementation.
    answer = (response) => response.writeHead(200).end('ok')
    await deliverCallbacks(new Date(new Date(timedOut?.next_attempt_at as string).getTime() + 1000))
    expect(received).toHaveLength(3)
    const last = received.at(-1) as Received
    const verified = new Webhook(secret).verify(last.body, {
      'webhook-id': last.headers['webhook-id'] as string,
      'webhook-timestamp': last.headers['webhook-timestamp'] as string,
      'webhook-signature': last.headers['webhook-signature'] as string,
    })
    const payload = callbackPayloadSchema.parse(verified)
    expect(payload).toMatchObject({
      type: 'message.delivered',
      data: { id: message.id, status: 'delivered', test: true },
    })
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1)
    expect(() =>
      new Webhook(secret).verify(last.body.replace('delivered', 'failed'), {
        'webhook-id': last.headers['webhook-id'] as string,
        'webhook-timestamp': last.headers['webhook-timestamp'] as string,
        'webhook-signature': last.headers['webhook-signature'] as string,
      }),
    ).toThrow()
    const [done] = await deliveriesOf(id)
    expect(done).toMatchObject({
      status: 'succeeded',
      response_status: 200,
      next_attempt_at: null,
      attempts: 3,
    })
    // Resend: once more now, same webhook-id.
    const resent = await post(`/api/client/apps/${id}/deliveries/${done?.id}/resend/`, {}, client)
    expect(resent.statusCode).toBe(200)
    await deliverCallbacks()
    expect(received).toHaveLength(4)
    expect(received.at(-1)?.headers['webhook-id']).toBe(last.headers['webhook-id'])
    expect(
      (await post(`/api/client/apps/${id}/deliveries/${done?.id}/resend/`, {}, await registerClient(app)))
        .statusCode,
    ).toBe(404)
  })

  it('stop 24 hours after the event, and back off exponentially until then', async () => {
    const start = new Date('2026-11-24T00:00:00Z')
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000)
    expect(nextCallbackAttempt(start, 1, start)).toEqual(at(30))
    expect(nextCallbackAttempt(start, 2, at(30))).toEqual(at(90))
    expect(nextCallbackAttempt(start, 12, at(80_000))).toEqual(at(86_400))
    expect(nextCallbackAttempt(start, 13, at(86_400))).toBeNull()
    const { id, testKey } = await appWithCallback('Gives Up')
    answer = (response) => response.writeHead(503).end()
    await send(testKey, { channel: 'sms', to: '+13125550161', body: 'Hello' })
    await deliverMessages()
    await deliverCallbacks()
    // The server's own pass may have made the first attempt: wait until it is recorded, so no request of
    // it is still on its way when the count below is taken.
    const firstAttempt = async () =>
      (await app.db.select().from(appWebhookDeliveries).where(eq(appWebhookDeliveries.appId, id)))[0]
    await expect.poll(async () => (await firstAttempt())?.attempts ?? 0, { timeout: 10_000 }).toBe(1)
    const row = await firstAttempt()
    const windowEnd = (row?.windowStartedAt as Date).getTime() + 24 * 3_600_000
    await app.db
      .update(appWebhookDeliveries)
      .set({ nextAttemptAt: new Date(windowEnd), attempts: 12 })
      .where(eq(appWebhookDeliveries.appId, id))
    const before = received.length
    await deliverCallbacks(new Date(windowEnd + 1000))
    expect(received.length).toBe(before + 1)
    const [gaveUp] = await deliveriesOf(id)
    expect(gaveUp).toMatchObject({
      status: 'failed',
      response_status: 503,
      next_attempt_at: null,
      attempts: 13,
    })
    await deliverCallbacks(new Date(windowEnd + 3_600_000))
    expect(received.length).toBe(before + 1)
  })

  it('are signed with both secrets for a day after a rotation', async () => {
    const { id, testKey, secret: old } = await appWithCallback('Rotated')
    const rotated = await post(`/api/client/apps/${id}/webhook-secret/`, {}, client)
    expect(rotated.statusCode).toBe(200)
    const fresh = rotated.json().webhook_secret as string
    expect(fresh).not.toBe(old)
    answer = (response) => response.writeHead(204).end()
    await send(testKey, { channel: 'sms', to: '+13125550162', body: 'Hello' })
    await deliverMessages()
    await deliverCallbacks()
    const last = received.at(-1) as Received
    const headers = {
      'webhook-id': last.headers['webhook-id'] as string,
      'webhook-timestamp': last.headers['webhook-timestamp'] as string,
      'webhook-signature': last.headers['webhook-signature'] as string,
    }
    expect(new Webhook(fresh).verify(last.body, headers)).toMatchObject({ type: 'message.delivered' })
    expect(new Webhook(old).verify(last.body, headers)).toMatchObject({ type: 'message.delivered' })
  })
})

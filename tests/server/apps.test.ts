import { beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  appDetailsSchema,
  appListSchema,
  createAppResponseSchema,
  packageListSchema,
  pendingAppMessages,
} from '../../src/contract/apps'
import { clientPackageListSchema } from '../../src/contract/client-packages'
import { messagingErrors } from '../../src/contract/messaging'
import {
  appApiKeys,
  appMessages,
  apps,
  appSubscriptions,
  mailOutbox,
  orders,
  smsOutbox,
} from '../../server/db/schema'
import { hashApiKey, KeySealer } from '../../server/modules/apps/api-keys'
import { fulfilAppOrder } from '../../server/modules/apps/service'
import { deliverDueBatch } from '../../server/modules/apps/delivery'
import { insertMessage } from '../../server/modules/apps/message-repository'
import { registerClient, signIn, type SignedIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp({
  jobTiming: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 3 },
})
const { get, post, patch } = requests(app)
let demo: SignedIn
let other: SignedIn & { email: string }
beforeAll(async () => {
  demo = await signIn(app)
  other = await registerClient(app)
})

const send = (key: string | undefined, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/messages',
    headers: key === undefined ? {} : { 'x-api-key': key },
    payload,
  })

async function catalogue(type?: string) {
  const response = await get(`/api/client/packages/${type ? `?service_type=${type}` : ''}`, demo)
  expect(response.statusCode).toBe(200)
  return packageListSchema.parse(response.json()).packages
}

/** Creates an app for the caller with one package per type and activates it (as a paid order would). */
async function paidApp(who: SignedIn, services: Record<string, number>, name = 'Shop Alerts') {
  const response = await post(
    '/api/client/create-app/',
    {
      app_name: name,
      service_type: Object.keys(services),
      selected_packages: services,
      payment_method: 'stripe',
    },
    who,
  )
  expect(response.statusCode).toBe(201)
  const created = createAppResponseSchema.parse(response.json())
  // The payment's fulfilment: the order created with the app is paid.
  const [order] = await app.db
    .select()
    .from(orders)
    .where(eq(orders.id, created.order_id as number))
  expect(order?.kind).toBe('app_package')
  await fulfilAppOrder(app.db, order as { details: Record<string, unknown> })
  const details = appDetailsSchema.parse((await get(`/api/client/apps/${created.id}/`, who)).json())
  return { id: created.id, key: details.api_key as string }
}

/** Where test-key messages go in these tests: the app's own senders, all sandboxes here. */
const testSenders = { mailer: app.mailer, sms: app.sms, whatsapp: app.whatsapp }

async function setLimit(appId: number, limit: number) {
  await app.db.update(appSubscriptions).set({ messagesLimit: limit }).where(eq(appSubscriptions.appId, appId))
}

describe('packages', () => {
  it('lists the catalogue per service type on both paths', async () => {
    const sms = await catalogue('sms')
    expect(sms.length).toBeGreaterThan(1)
    expect(sms.every((p) => p.service_type === 'sms')).toBe(true)
    expect(sms.find((p) => p.name === 'SMS Msg Basic')).toMatchObject({
      price: 100,
      duration_months: 12,
      limit: 100000,
    })
    const viaType = await get('/api/client/messaging/packages/email_packages/', demo)
    expect(packageListSchema.parse(viaType.json()).packages.every((p) => p.service_type === 'email')).toBe(
      true,
    )
    expect((await get('/api/client/messaging/packages/fax_packages/', demo)).statusCode).toBe(404)
    expect((await get('/api/client/packages/?service_type=fax', demo)).statusCode).toBe(400)
    expect((await get('/api/client/packages/')).statusCode).toBe(401)
  })
})

describe("the client's own packages", () => {
  it('starts the demo client with the four seed packages and keeps them per client', async () => {
    const mine = clientPackageListSchema.parse((await get('/api/client/messaging/my-packages/', demo)).json())
    expect(mine.packages.map((p) => [p.name, p.price, p.messages, p.duration, p.active])).toEqual([
      ['SMS Msg Basic', 100, 100000, '1 Year', true],
      ['SMS Msg Pro', 300, 300000, '1 Year', true],
      ['WhatsApp Msg Basic', 150, 50000, '1 Year', true],
      ['Email Msg Basic', 80, 200000, '1 Year', true],
    ])
    const theirs = clientPackageListSchema.parse(
      (await get('/api/client/messaging/my-packages/', other)).json(),
    )
    expect(theirs.packages).toEqual([])
  })

  it('creates, edits, toggles and deletes with the form rules', async () => {
    const url = '/api/client/messaging/my-packages/'
    const bad = await post(
      url,
      { name: ' ', price: 5, messages: 10, duration: '1 Month', serviceType: 'sms' },
      other,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().detail).toBe('Please fill in all required fields.')
    expect(
      (
        await post(url, { name: 'X', price: 0, messages: 10, duration: '1 Month', serviceType: 'sms' }, other)
      ).json().detail,
    ).toBe('Please fill in all required fields.')
    const created = await post(
      url,
      {
        name: 'Promo',
        price: 12.5,
        messages: 1000,
        duration: '3 Months',
        serviceType: 'sms',
        features: ['Fast', ' ', ''],
      },
      other,
    )
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ name: 'Promo', price: 12.5, features: ['Fast'], active: true })
    const id = created.json().id
    const toggled = await patch(`${url}${id}/`, { active: false }, other)
    expect(toggled.json().active).toBe(false)
    const edited = await patch(
      `${url}${id}/`,
      {
        name: 'Promo 2',
        price: 20,
        messages: 2000,
        duration: '6 Months',
        serviceType: 'email',
        features: ['A'],
        active: false,
      },
      other,
    )
    expect(edited.json()).toMatchObject({ name: 'Promo 2', serviceType: 'email', active: false })
    // Another client's package is not found.
    expect((await patch(`${url}${id}/`, { active: true }, demo)).statusCode).toBe(404)
    expect(
      (await app.inject({ method: 'DELETE', url: `${url}${id}/`, headers: demo.headers })).statusCode,
    ).toBe(404)
    expect(
      (await app.inject({ method: 'DELETE', url: `${url}${id}/`, headers: other.headers })).statusCode,
    ).toBe(204)
    expect(clientPackageListSchema.parse((await get(url, other)).json()).packages).toEqual([])
  })
})

describe('POST /api/client/create-app/', () => {
  it('applies the wizard rules with the spec messages', async () => {
    const [sms] = await catalogue('sms')
    const cases: [object, string][] = [
      [
        { app_name: '  ', service_type: 'sms', package_id: sms?.id, payment_method: 'stripe' },
        'Please enter an app name.',
      ],
      [{ app_name: 'A', payment_method: 'stripe' }, 'Please select a service type.'],
      [{ app_name: 'A', service_type: 'sms', payment_method: 'stripe' }, 'Please select a package.'],
      [
        {
          app_name: 'A',
          service_type: ['sms', 'email'],
          selected_packages: { sms: sms?.id },
          payment_method: 'stripe',
        },
        'Please select packages for: email',
      ],
      [
        { app_name: 'A', service_type: 'sms', package_id: sms?.id, payment_method: 'cash' },
        'Please complete all steps before submitting.',
      ],
    ]
    for (const [payload, detail] of cases) {
      const response = await post('/api/client/create-app/', payload, other)
      expect(response.statusCode).toBe(400)
      expect(response.json().detail).toBe(detail)
    }
    const long = await post(
      '/api/client/create-app/',
      { app_name: 'x'.repeat(101), service_type: 'sms', package_id: sms?.id, payment_method: 'stripe' },
      other,
    )
    expect(long.statusCode).toBe(400)
    // A package of another type is refused.
    const [email] = await catalogue('email')
    const wrong = await post(
      '/api/client/create-app/',
      { app_name: 'A', service_type: 'sms', package_id: email?.id, payment_method: 'stripe' },
      other,
    )
    expect(wrong.statusCode).toBe(400)
  })

  it('accepts both readings and creates a pending app with its subscriptions and a key', async () => {
    const [sms] = await catalogue('sms')
    const [whatsapp] = await catalogue('whatsapp')
    // One service with package_id and the status of the local gateways.
    const single = await post(
      '/api/client/create-app/',
      {
        app_name: 'Clinic Reminders',
        service_type: 'sms',
        package_id: sms?.id,
        payment_method: 'paymob',
        status: 'pending',
      },
      other,
    )
    expect(single.statusCode).toBe(201)
    expect(single.json()).toMatchObject({ success: true, app: { status: 'pending' }, total: sms?.price })
    const [order] = await app.db.select().from(orders).where(eq(orders.id, single.json().order_id))
    expect(order).toMatchObject({
      kind: 'app_package',
      status: 'pending',
      amountMinor: Math.round((sms?.price ?? 0) * 100),
    })
    expect(order?.details).toMatchObject({ app_id: single.json().id })
    // Several services as comma-separated text with package objects.
    const map = await post(
      '/api/client/create-app/',
      {
        app_name: 'Two Channels',
        service_type: 'sms,whatsapp',
        selected_packages: { sms, whatsapp },
        payment_method: 'fawry',
      },
      other,
    )
    expect(map.statusCode).toBe(201)
    const details = appDetailsSchema.parse((await get(`/api/client/apps/${map.json().id}/`, other)).json())
    expect(details.status).toBe('pending')
    expect(details.subscriptions.map((s) => [s.package_type, s.messages_limit])).toEqual([
      ['sms', sms?.limit],
      ['whatsapp', whatsapp?.limit],
    ])
    expect(details.api_key).toMatch(/^cyk_[0-9a-f]{48}$/)
    // A pending app's key sends nothing until the payment activates it.
    const refused = await send(details.api_key ?? '', { channel: 'sms', to: '+13125550199', body: 'Hi' })
    expect(refused.statusCode).toBe(403)
  })
})

describe('API keys', () => {
  it('are stored hashed and encrypted, masked in the list and revealed only to their owner', async () => {
    const [sms] = await catalogue('sms')
    const { id, key } = await paidApp(other, { sms: sms?.id as number }, 'Key Check')
    const rows = await app.db.select().from(appApiKeys).where(eq(appApiKeys.appId, id))
    // A live key and a test key.
    expect(rows.map((r) => r.test).sort()).toEqual([false, true])
    const live = rows.find((r) => !r.test)
    expect(live?.keyHash).toBe(hashApiKey(key))
    expect(live?.keyCiphertext).not.toContain(key.slice(4))
    const [stored] = await app.db.select({ apiKey: apps.apiKey }).from(apps).where(eq(apps.id, id))
    expect(stored?.apiKey).toBeNull()
    const list = appListSchema.parse((await get('/api/client/apps/', other)).json())
    expect(list.results.find((a) => a.id === id)?.api_key).toBe(`${key.slice(0, 8)}...`)
    expect((await get(`/api/client/apps/${id}/`, demo)).statusCode).toBe(404)
  })

  it('seals the clear-text keys of the seed when the server starts', async () => {
    const seeded = await app.db.select({ apiKey: apps.apiKey }).from(apps)
    expect(seeded.every((a) => a.apiKey === null)).toBe(true)
    const list = appListSchema.parse((await get('/api/client/apps/', demo)).json())
    const atlas = list.results.find((a) => a.name === 'Atlas Order Alerts')
    const details = appDetailsSchema.parse((await get(`/api/client/apps/${atlas?.id}/`, demo)).json())
    expect(details.api_key).toMatch(/^cyk_[0-9a-f]{48}$/)
    expect(details.api_key?.slice(0, 8)).toBe(atlas?.api_key?.slice(0, 8))
  })

  it('keep a rotated key working for 24 hours, then refuse it', async () => {
    const [sms] = await catalogue('sms')
    const { id, key: old } = await paidApp(other, { sms: sms?.id as number }, 'Rotation')
    const rotated = await post(`/api/client/apps/${id}/rotate-key/`, {}, other)
    expect(rotated.statusCode).toBe(200)
    const fresh = rotated.json().api_key as string
    expect(fresh).not.toBe(old)
    const ends = new Date(rotated.json().previous_key_expires_at).getTime()
    expect(ends - Date.now()).toBeGreaterThan(23.9 * 3_600_000)
    const message = { channel: 'sms', to: '+13125550199', body: 'Hello' }
    expect((await send(old, message)).statusCode).toBe(202)
    expect((await send(fresh, message)).statusCode).toBe(202)
    // The overlap ends: the old key is refused, the new one still works.
    await app.db
      .update(appApiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(appApiKeys.keyHash, hashApiKey(old)))
    const refused = await send(old, message)
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ detail: messagingErrors.keyRevoked, code: 'key_revoked' })
    expect((await send(fresh, message)).statusCode).toBe(202)
    // Another client cannot rotate it.
    expect((await post(`/api/client/apps/${id}/rotate-key/`, {}, demo)).statusCode).toBe(404)
  })

  it('refuse a missing, made-up or revoked key; Delete App needs the typed name', async () => {
    const [sms] = await catalogue('sms')
    const { id, key } = await paidApp(other, { sms: sms?.id as number }, 'Doomed App')
    const message = { channel: 'sms', to: '+13125550199', body: 'Hello' }
    expect((await send(undefined, message)).statusCode).toBe(401)
    expect((await send(`cyk_${'0'.repeat(48)}`, message)).statusCode).toBe(401)
    expect((await send('not-a-key', message)).json().detail).toBe(messagingErrors.keyInvalid)
    const mismatch = await post(`/api/client/apps/${id}/delete/`, { confirm_name: 'Doomed' }, other)
    expect(mismatch.statusCode).toBe(400)
    expect((await send(key, message)).statusCode).toBe(202)
    const deleted = await post(`/api/client/apps/${id}/delete/`, { confirm_name: 'Doomed App' }, other)
    expect(deleted.statusCode).toBe(204)
    expect((await send(key, message)).json()).toMatchObject({ code: 'key_revoked' })
    const details = appDetailsSchema.parse((await get(`/api/client/apps/${id}/`, other)).json())
    expect(details.status).toBe('inactive')
    expect(details.api_key).toBeNull()
  })

  it('cannot be opened under another secret', () => {
    const sealed = new KeySealer('a'.repeat(32)).seal('cyk_secret')
    expect(new KeySealer('a'.repeat(32)).open(sealed)).toBe('cyk_secret')
    expect(new KeySealer('b'.repeat(32)).open(sealed)).toBeNull()
  })
})

describe('POST /api/v1/messages', () => {
  it('stores the message, answers 202 and reports its status to its own app only', async () => {
    const [email] = await catalogue('email')
    const mine = await paidApp(other, { email: email?.id as number }, 'Mailer')
    const response = await send(mine.key, {
      channel: 'email',
      to: 'Reader@Example.com',
      subject: 'Hi',
      body: 'Welcome',
    })
    expect(response.statusCode).toBe(202)
    expect(response.json()).toMatchObject({ channel: 'email', to: 'reader@example.com', status: 'queued' })
    const id = response.json().id
    const status = await app.inject({ url: `/api/v1/messages/${id}`, headers: { 'x-api-key': mine.key } })
    expect(status.statusCode).toBe(200)
    expect(status.json().id).toBe(id)
    const demoApps = appListSchema.parse((await get('/api/client/apps/', demo)).json())
    const atlas = demoApps.results.find((a) => a.name === 'Atlas Order Alerts')
    const atlasKey = appDetailsSchema.parse((await get(`/api/client/apps/${atlas?.id}/`, demo)).json())
      .api_key as string
    expect(
      (await app.inject({ url: `/api/v1/messages/${id}`, headers: { 'x-api-key': atlasKey } })).statusCode,
    ).toBe(404)
    // Bad input answers 400 with the field.
    const noSubject = await send(mine.key, { channel: 'email', to: 'a@example.com', body: 'x' })
    expect(noSubject.json().detail).toBe(messagingErrors.subjectRequired)
    const badPhone = await send(atlasKey, { channel: 'sms', to: '12', body: 'x' })
    expect(badPhone.statusCode).toBe(400)
    // No package for the channel.
    const noPackage = await send(mine.key, { channel: 'sms', to: '+13125550199', body: 'x' })
    expect(noPackage.statusCode).toBe(403)
    expect(noPackage.json()).toEqual({
      detail: messagingErrors.noPackage('sms'),
      code: 'channel_not_in_package',
    })
  })

  it('never spends more than the quota under 50 concurrent sends', async () => {
    const [sms] = await catalogue('sms')
    const { id, key } = await paidApp(other, { sms: sms?.id as number }, 'Burst')
    await setLimit(id, 20)
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(key, { channel: 'sms', to: '+13125550199', body: `Burst ${i}` }),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 202)).toHaveLength(20)
    // 402, not 429: a client that retries on 429 would loop for ever on a used-up package.
    expect(codes.filter((c) => c === 402)).toHaveLength(30)
    const exhausted = answers.find((a) => a.statusCode === 402)
    expect(exhausted?.headers['retry-after']).toBeUndefined()
    expect(exhausted?.json()).toEqual({
      detail: messagingErrors.exhausted('sms'),
      code: 'package_exhausted',
      limit: 20,
      used: 20,
      segments: 1,
    })
    const details = appDetailsSchema.parse((await get(`/api/client/apps/${id}/`, other)).json())
    expect(details.subscriptions[0]).toMatchObject({
      messages_used: 20,
      messages_limit: 20,
      usage_percentage: 100,
    })
    expect(details.statistics.total_messages).toBe(20)
    // The owner was told at 80% and at 100%, once each.
    await vi.waitFor(
      async () => {
        const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, other.email))
        expect(mails.filter((m) => m.template.startsWith('app-usage'))).toHaveLength(2)
      },
      { timeout: 20_000, interval: 200 },
    )
    const alerts = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, other.email))
    const usage = alerts.map((m) => m.template).filter((t) => t.startsWith('app-usage'))
    expect(usage.sort()).toEqual(['app-usage-100', 'app-usage-80'])
  })

  it('answers 402 when the package has expired', async () => {
    const [sms] = await catalogue('sms')
    const { id, key } = await paidApp(other, { sms: sms?.id as number }, 'Expired')
    await app.db
      .update(appSubscriptions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(appSubscriptions.appId, id))
    const response = await send(key, { channel: 'sms', to: '+13125550199', body: 'x' })
    expect(response.statusCode).toBe(402)
    expect(response.json()).toEqual({ detail: messagingErrors.expired('sms'), code: 'package_expired' })
  })

  it('delivers on the job queue through the channel adapter and records provider failures for retries', async () => {
    const [whatsapp] = await catalogue('whatsapp')
    const { id, key } = await paidApp(other, { whatsapp: whatsapp?.id as number }, 'Chat')
    const accepted = (await send(key, { channel: 'whatsapp', to: '+201005550142', body: 'Booked' })).json()
    await vi.waitFor(
      async () => {
        const status = await app.inject({
          url: `/api/v1/messages/${accepted.id}`,
          headers: { 'x-api-key': key },
        })
        expect(status.json()).toMatchObject({ status: 'delivered', attempts: 1 })
      },
      { timeout: 20_000, interval: 200 },
    )
    const outbox = await app.db.select().from(smsOutbox).where(eq(smsOutbox.to, 'whatsapp:+201005550142'))
    expect(outbox.map((m) => m.body)).toEqual(['Booked'])
    // A provider outage: the attempt is recorded and the message held until its retry is due; the
    // attempt after the last retry fails it. (Held at first, so only the test's passes take it.)
    const [subscription] = await app.db.select().from(appSubscriptions).where(eq(appSubscriptions.appId, id))
    const stored = await insertMessage(app.db, {
      appId: id,
      subscriptionId: subscription?.id ?? null,
      type: 'whatsapp',
      sentTo: '+201005550142',
      body: 'Again',
      status: 'queued',
      deliveringUntil: new Date(Date.now() + 30_000),
    })
    const down = { send: async () => ({ ok: false as const, error: 'provider down' }), sandbox: false }
    const deps = { db: app.db, mailer: app.mailer, sms: app.sms, whatsapp: down, testSenders }
    const policy = { retryDelaySeconds: 60, retryLimit: 1 }
    const later = (seconds: number) => new Date(Date.now() + seconds * 1000)
    expect((await deliverDueBatch(deps, policy, later(31))).nextRetryAt?.getTime()).toBeGreaterThan(
      later(55).getTime(),
    )
    const [waiting] = await app.db.select().from(appMessages).where(eq(appMessages.id, stored.id))
    expect(waiting).toMatchObject({
      status: 'queued',
      attempts: 1,
      failedAttempts: 1,
      error: 'provider down',
    })
    // Not due yet 31 s on; due (and the last attempt) after the 60 s delay.
    await deliverDueBatch(deps, policy, later(31))
    expect((await deliverDueBatch(deps, policy, later(65))).nextRetryAt).toBeNull()
    const failed = await app.inject({ url: `/api/v1/messages/${stored.id}`, headers: { 'x-api-key': key } })
    expect(failed.json()).toMatchObject({
      status: 'failed',
      attempts: 2,
      error_code: 'delivery_failed',
      error_message: 'provider down',
    })
    const details = appDetailsSchema.parse((await get(`/api/client/apps/${id}/`, other)).json())
    expect(details.statistics).toMatchObject({ delivered: 1, failed: 1, delivery_rate: 50, uptime: 33.3 })
    expect(details.daily_messages).toHaveLength(30)
    expect(details.daily_messages.at(-1)?.whatsapp).toBe(2)
  })
})

describe('delivery runs once per message', () => {
  /** A queued message held for a while, so only the test's passes (with a later clock) take it. */
  async function heldMessage(appId: number, body: string, to: string) {
    return insertMessage(app.db, {
      appId,
      subscriptionId: null,
      type: 'sms',
      sentTo: to,
      body,
      status: 'queued',
      deliveringUntil: new Date(Date.now() + 60_000),
    })
  }
  const policy = { retryDelaySeconds: 60, retryLimit: 3 }
  const later = () => new Date(Date.now() + 61_000)

  it('a second pass while the first is still at the provider sends nothing (no double send)', async () => {
    const [sms] = await catalogue('sms')
    const { id } = await paidApp(other, { sms: sms?.id as number }, 'Once Only')
    const stored = await heldMessage(id, 'Your code is 4711', '+13125550123')
    const sent: string[] = []
    let release: () => void = () => {}
    const providerAnswered = new Promise<void>((resolve) => {
      release = resolve
    })
    const slow = {
      sandbox: false,
      send: async ({ body }: { body: string }) => {
        sent.push(body)
        await providerAnswered
        return { ok: true as const }
      },
    }
    const deps = { db: app.db, mailer: app.mailer, sms: slow, whatsapp: app.whatsapp, testSenders }
    const first = deliverDueBatch(deps, policy, later())
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    // The sweep's pass (or another instance's), while the first is in flight.
    await deliverDueBatch(deps, policy, later())
    release()
    await first
    // And once more after it was delivered.
    await deliverDueBatch(deps, policy, later())
    expect(sent).toEqual(['Your code is 4711'])
    const [row] = await app.db.select().from(appMessages).where(eq(appMessages.id, stored.id))
    expect(row).toMatchObject({ status: 'sent', attempts: 1, deliveringUntil: null })
  })

  it('an attempt that crashed mid-send is taken over once its hold has lapsed', async () => {
    const [sms] = await catalogue('sms')
    const { id } = await paidApp(other, { sms: sms?.id as number }, 'Taken Over')
    const stored = await heldMessage(id, 'Hello', '+13125550124')
    const sent: string[] = []
    const recorder = {
      sandbox: false,
      send: async ({ body }: { body: string }) => {
        sent.push(body)
        return { ok: true as const }
      },
    }
    const deps = { db: app.db, mailer: app.mailer, sms: recorder, whatsapp: app.whatsapp, testSenders }
    // A message held by an attempt that died mid-send (its pass claimed it, then the process was killed)...
    await app.db
      .update(appMessages)
      .set({ deliveringUntil: new Date(Date.now() + 120_000), attempts: 1 })
      .where(eq(appMessages.id, stored.id))
    await deliverDueBatch(deps, policy, later())
    expect(sent).toEqual([])
    // ...is delivered once its hold has lapsed.
    await deliverDueBatch(deps, policy, new Date(Date.now() + 121_000))
    expect(sent).toEqual(['Hello'])
    const [row] = await app.db.select().from(appMessages).where(eq(appMessages.id, stored.id))
    expect(row).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('concurrent batched passes deliver each of many messages exactly once', async () => {
    const [sms] = await catalogue('sms')
    const { id } = await paidApp(other, { sms: sms?.id as number }, 'Many')
    const bodies = Array.from({ length: 120 }, (_, i) => `Batch ${i}`)
    for (const body of bodies) await heldMessage(id, body, '+13125550125')
    const sent: string[] = []
    const recorder = {
      sandbox: false,
      send: async ({ body }: { body: string }) => {
        sent.push(body)
        await new Promise((resolve) => setTimeout(resolve, 1))
        return { ok: true as const }
      },
    }
    const deps = { db: app.db, mailer: app.mailer, sms: recorder, whatsapp: app.whatsapp, testSenders }
    // Three passes at once, as on three instances; each claims batches until nothing is due.
    const pass = async () => {
      while ((await deliverDueBatch(deps, policy, later())).claimed > 0);
    }
    await Promise.all([pass(), pass(), pass()])
    expect(sent.filter((body) => body.startsWith('Batch ')).sort()).toEqual([...bodies].sort())
    const rows = await app.db.select().from(appMessages).where(eq(appMessages.appId, id))
    // Taken by a provider (not the sandbox): sent, until its delivery report says more.
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
  })
})

describe("a pending app's payment (left at the gateway)", () => {
  async function pendingApp(who: SignedIn, name = 'Left Pending') {
    const [sms] = await catalogue('sms')
    const response = await post(
      '/api/client/create-app/',
      { app_name: name, service_type: 'sms', package_id: sms?.id, payment_method: 'paymob' },
      who,
    )
    expect(response.statusCode).toBe(201)
    return createAppResponseSchema.parse(response.json())
  }
  const detailsOf = async (who: SignedIn, id: number) =>
    appDetailsSchema.parse((await get(`/api/client/apps/${id}/`, who)).json())
  const ordersOf = async (appId: number) =>
    (await app.db.select().from(orders).where(eq(orders.kind, 'app_package'))).filter(
      (o) => o.details.app_id === appId,
    )

  it('is completed on the same order: a new attempt at another gateway pays it and activates the app', async () => {
    const who = await registerClient(app)
    const created = await pendingApp(who)
    expect((await detailsOf(who, created.id)).pending_order_id).toBe(created.order_id)
    // The Paymob page was opened and closed; the client comes back and pays the same order by card.
    const paymob = await post(`/api/payments/paymob/process/${created.order_id}/`, {}, who)
    expect(paymob.statusCode).toBe(200)
    const card = await post(
      '/api/payments/stripe/process/temp_order/',
      { amount: Math.round(created.total * 100), currency: 'usd', order_id: created.order_id },
      who,
    )
    expect(card.statusCode).toBe(200)
    const page = new URL(card.json().checkout_url)
    const paid = await app.inject({
      method: 'POST',
      url: `${page.pathname}${page.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        card_number: '4242424242424242',
        exp_month: '12',
        exp_year: String(new Date().getUTCFullYear() + 1),
        cvc: '123',
      }).toString(),
    })
    expect(paid.statusCode).toBeLessThan(400)
    await vi.waitFor(async () => expect((await detailsOf(who, created.id)).status).toBe('active'))
    // One order for the app, paid once; nothing left to pay or cancel.
    const all = await ordersOf(created.id)
    expect(all.map((o) => [o.id, o.status])).toEqual([[created.order_id, 'paid']])
    expect((await detailsOf(who, created.id)).pending_order_id).toBeNull()
    const late = await post(`/api/client/apps/${created.id}/cancel-payment/`, {}, who)
    expect(late.statusCode).toBe(409)
    expect(late.json().detail).toBe(pendingAppMessages.notPending)
  })

  it('is cancelled by its owner only: the order is cancelled and the app with it', async () => {
    const who = await registerClient(app)
    const created = await pendingApp(who, 'Given Up')
    expect((await post(`/api/client/apps/${created.id}/cancel-payment/`, {}, other)).statusCode).toBe(404)
    const cancelled = await post(`/api/client/apps/${created.id}/cancel-payment/`, {}, who)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toEqual({ success: true, message: pendingAppMessages.cancelled })
    const [order] = await ordersOf(created.id)
    expect(order).toMatchObject({ status: 'cancelled', failureReason: 'Cancelled by the client.' })
    const details = await detailsOf(who, created.id)
    expect(details).toMatchObject({ status: 'cancelled', pending_order_id: null })
    // A cancelled order cannot be paid any more; a second cancel is refused.
    const pay = await post(`/api/payments/paymob/process/${created.order_id}/`, {}, who)
    expect(pay.statusCode).toBe(400)
    expect((await post(`/api/client/apps/${created.id}/cancel-payment/`, {}, who)).statusCode).toBe(409)
    // The gateway confirms a payment made before the cancel reached it: the money was taken, the app runs.
    await fulfilAppOrder(app.db, order as { details: Record<string, unknown> })
    expect((await detailsOf(who, created.id)).status).toBe('active')
  })
})

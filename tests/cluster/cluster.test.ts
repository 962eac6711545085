import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, inArray, like } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SANDBOX_CARDS } from '../../server/adapters/payments'
import {
  checkoutAttempts,
  domains,
  gatewayEvents,
  mailOutbox,
  orders,
  receipts,
  sandboxRegistry,
  ticketComments,
  walletEntries,
} from '../../server/db/schema'
import { RENEWALS_QUEUE } from '../../server/modules/domains/renewals'
import { RECONCILE_QUEUE } from '../../server/modules/payments/reconcile'
import { call, nextAddress, startCluster, type Cluster, type Instance } from './cluster'

const DEMO = { email: 'demo@example.com', password: 'DemoPass!2026' }
const PASSWORD = 'Str0ng!Pass2026'
const DAY = 24 * 60 * 60 * 1000

let cluster: Cluster
let a: Instance
let b: Instance
beforeAll(async () => {
  cluster = await startCluster()
  ;({ a, b } = cluster)
})
afterAll(async () => {
  await cluster?.close()
})

async function signIn(on: Instance, credentials: { email: string; password: string } = DEMO) {
  const response = await call(on, 'POST', '/api/client/auth/login/', { body: credentials })
  expect(response.status).toBe(200)
  return response.body as { access: string; refresh: string; client: { id: number } }
}

async function register(on: Instance) {
  const email = `cluster.${randomBytes(4).toString('hex')}@example.com`
  const response = await call(on, 'POST', '/api/client/auth/register/', {
    body: {
      email,
      first_name: 'Cluster',
      last_name: 'Client',
      password: PASSWORD,
      confirm_password: PASSWORD,
      company_name: 'Two Instances Ltd',
      phone: '+1 555 0100',
      accept_terms: true,
    },
  })
  expect(response.status).toBe(201)
  return { email, ...(response.body as { access: string; refresh: string; client: { id: number } }) }
}

const sessions = (on: Instance, token: string) => call(on, 'GET', '/api/auth/sessions/', { token })

describe('sessions across two instances', () => {
  it('a session made on one instance works on the other', async () => {
    const session = await signIn(a)
    expect((await sessions(b, session.access)).status).toBe(200)
    const refreshed = await call(b, 'POST', '/api/auth/token/refresh/', {
      body: { refresh: session.refresh },
    })
    expect(refreshed.status).toBe(200)
    expect((await sessions(a, refreshed.body.access as string)).status).toBe(200)
  })

  it('a refresh token rotated on one and reused on the other is refused and revokes the family', async () => {
    const session = await signIn(a)
    const first = await call(a, 'POST', '/api/auth/token/refresh/', { body: { refresh: session.refresh } })
    expect(first.status).toBe(200)
    const second = await call(b, 'POST', '/api/auth/token/refresh/', {
      body: { refresh: first.body.refresh },
    })
    expect(second.status).toBe(200)
    // The first token's successor is already used: reusing it is theft, whatever instance sees it.
    const reuse = await call(b, 'POST', '/api/auth/token/refresh/', { body: { refresh: session.refresh } })
    expect(reuse.status).toBe(401)
    const latest = await call(a, 'POST', '/api/auth/token/refresh/', {
      body: { refresh: second.body.refresh },
    })
    expect(latest.status).toBe(401)
  })

  it('logout on one instance ends access on the other within the documented 5 s', async () => {
    const session = await signIn(b)
    // B has checked (and cached) the session as open before A ends it.
    expect((await sessions(b, session.access)).status).toBe(200)
    const loggedOut = Date.now()
    expect(
      (await call(a, 'POST', '/api/auth/logout/', { body: { refresh: session.refresh } })).status,
    ).toBeLessThan(300)
    expect((await sessions(a, session.access)).status).toBe(401)
    await vi.waitFor(async () => expect((await sessions(b, session.access)).status).toBe(401), {
      timeout: 7_000,
      interval: 100,
    })
    expect(Date.now() - loggedOut).toBeLessThanOrEqual(5_500)
  })
})

describe('throttles and rate limits hold across both (the sum)', () => {
  it('per-account sign-in throttling counts the failures made on both instances', async () => {
    const { email } = await register(a)
    // Six wrong guesses, three through each instance, from six addresses.
    for (let i = 0; i < 6; i++) {
      const on = i % 2 === 0 ? a : b
      const answer = await call(on, 'POST', '/api/client/auth/login/', {
        body: { email, password: 'Wrong!Guess1' },
      })
      expect(answer.status).toBe(401)
    }
    for (const on of [a, b]) {
      const answer = await call(on, 'POST', '/api/client/auth/login/', {
        body: { email, password: PASSWORD },
      })
      expect(answer.status).toBe(429)
    }
  })

  it('the per-address sign-in limit (10 a minute) is shared by both instances', async () => {
    const address = nextAddress()
    const statuses: number[] = []
    for (let i = 0; i < 14; i++) {
      const on = i % 2 === 0 ? a : b
      const answer = await call(on, 'POST', '/api/client/auth/login/', {
        address,
        body: { email: `nobody.${randomUUID()}@example.com`, password: 'Wrong!Guess1' },
      })
      statuses.push(answer.status)
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(4)
  })
})

describe('uploads in the shared bucket', () => {
  it('an attachment uploaded through one instance downloads through the other', async () => {
    const session = await signIn(a)
    const list = await call(a, 'GET', '/api/support/tickets/', { token: session.access })
    const ticket = (list.body.results as { id: number }[])[0]
    expect(ticket).toBeDefined()
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(50_000)])
    const form = new FormData()
    form.set('ticket', String(ticket?.id))
    form.set('file', new Blob([pdf]), 'cluster brief.pdf')
    const uploaded = await call(a, 'POST', '/api/support/attachments/', { token: session.access, form })
    expect(uploaded.status).toBe(201)
    const download = await call(b, 'GET', new URL(uploaded.body.file as string).pathname, {
      token: session.access,
    })
    expect(download.status).toBe(200)
    expect(download.raw.equals(pdf)).toBe(true)
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="cluster brief.pdf"; filename*=UTF-8''cluster%20brief.pdf`,
    )
    expect(await cluster.s3.keys()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^cluster\/ticket-attachments\//)]),
    )
  })
})

/** A checkout started for a top-up order: the sandbox's reference, which its notifications name. */
interface Checkout {
  orderId: number
  gatewayRef: string
  amountMinor: number
}

/**
 * A genuine sandbox card notification for `checkout` (signed with the secret every instance derives from
 * JWT_SECRET): bound to the checkout by its reference, amount and currency, as the sandbox sends it.
 */
function notify(on: Instance, checkout: Checkout, eventId: string) {
  const payload = JSON.stringify({
    id: eventId,
    type: 'payment.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      order_id: checkout.orderId,
      gateway_ref: checkout.gatewayRef,
      amount_minor: checkout.amountMinor,
      currency: 'USD',
      reason: null,
      customer_ref: null,
      make_default: false,
      card: null,
    },
  })
  const secret = createHmac('sha256', cluster.jwtSecret).update('payments-sandbox').digest('hex')
  const t = Math.floor(Date.now() / 1000)
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')
  return fetch(`${on.url}/api/payments/stripe/webhook/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sandbox-signature': `t=${t},v1=${v1}` },
    body: payload,
  })
}

async function topupOrder(on: Instance, token: string, amount: number) {
  const response = await call(on, 'POST', '/api/payments/orders/', {
    token,
    body: { kind: 'wallet_topup', amount, idempotency_key: randomUUID() },
  })
  expect(response.status).toBe(201)
  return response.body.id as number
}

/** A top-up order with a card checkout started for it. */
async function topupCheckout(on: Instance, token: string, amount: number): Promise<Checkout> {
  const orderId = await topupOrder(on, token, amount)
  const started = await call(on, 'POST', '/api/payments/stripe/process/temp_order/', {
    token,
    body: { amount: amount * 100, currency: 'usd', order_id: orderId },
  })
  expect(started.status).toBe(200)
  return { orderId, gatewayRef: started.body.payment_intent_id as string, amountMinor: amount * 100 }
}

/** Waits until the order is fulfilled and its receipt e-mailed, then checks nothing happened twice. */
async function expectPaidOnce(orderId: number, email: string) {
  await vi.waitFor(
    async () => {
      const mails = await cluster.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'payment-receipt')))
      expect(mails.length).toBeGreaterThan(0)
    },
    { timeout: 30_000, interval: 250 },
  )
  // Both instances poll the queue every 2 s: a second e-mail would show within a few passes.
  await new Promise((resolve) => setTimeout(resolve, 5_000))
  const [order] = await cluster.db.select().from(orders).where(eq(orders.id, orderId))
  expect(order).toMatchObject({ status: 'paid', fulfilmentStatus: 'done' })
  expect(
    await cluster.db.select().from(walletEntries).where(eq(walletEntries.orderId, orderId)),
  ).toHaveLength(1)
  expect(await cluster.db.select().from(receipts).where(eq(receipts.orderId, orderId))).toHaveLength(1)
  const mails = await cluster.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'payment-receipt')))
  expect(mails).toHaveLength(1)
}

describe('payments across both instances', () => {
  it('one notification delivered to both at once fulfils the order once and sends one receipt', async () => {
    const client = await register(a)
    const checkout = await topupCheckout(a, client.access, 25)
    const eventId = `evt_cluster_${randomBytes(6).toString('hex')}`
    const answers = await Promise.all([notify(a, checkout, eventId), notify(b, checkout, eventId)])
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    await expectPaidOnce(checkout.orderId, client.email)
    expect(
      await cluster.db.select().from(gatewayEvents).where(eq(gatewayEvents.eventId, eventId)),
    ).toHaveLength(1)
  })

  it('20 duplicates spread over both fulfil the order once and send one receipt', async () => {
    const client = await register(b)
    const checkout = await topupCheckout(b, client.access, 40)
    const eventId = `evt_cluster_${randomBytes(6).toString('hex')}`
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => notify(i % 2 === 0 ? a : b, checkout, eventId)),
    )
    expect(answers.every((r) => r.status === 200)).toBe(true)
    await expectPaidOnce(checkout.orderId, client.email)
    const wallet = await call(a, 'GET', '/api/client/wallet/', { token: client.access })
    expect(wallet.body.balance).toBe(40)
  })
})

describe('scheduled jobs run once across both', () => {
  it('renewal reminders and auto-renewals, fired on both instances at once, happen once', async () => {
    const client = await register(a)
    const checkout = await topupCheckout(a, client.access, 30)
    expect((await notify(b, checkout, `evt_cluster_${randomBytes(6).toString('hex')}`)).status).toBe(200)
    await expectPaidOnce(checkout.orderId, client.email)
    const suffix = randomBytes(4).toString('hex')
    const renewing = new Date(Date.now() + 10 * DAY)
    const reminded = new Date(Date.now() + 6 * DAY)
    await cluster.db.insert(sandboxRegistry).values({
      domainName: `cluster-renew-${suffix}.com`,
      createDate: new Date(renewing.getTime() - 365 * DAY),
      expireDate: renewing,
      authCode: 'cluster-test',
    })
    const base = {
      userId: client.client.id,
      status: 'active' as const,
      whoisPrivacy: false,
      purchasePriceMinor: 1299,
      renewalPriceMinor: 1299,
    }
    await cluster.db.insert(domains).values([
      {
        ...base,
        domainName: `cluster-renew-${suffix}.com`,
        autoRenew: true,
        registrationDate: new Date(renewing.getTime() - 365 * DAY),
        expiryDate: renewing,
      },
      {
        ...base,
        domainName: `cluster-remind-${suffix}.com`,
        autoRenew: false,
        registrationDate: new Date(reminded.getTime() - 365 * DAY),
        expiryDate: reminded,
      },
    ])
    // What each instance's hourly schedule does when it fires: put a run on the shared queue. Both
    // instances' workers poll it, so two runs go at once.
    const boss = new PgBoss({ connectionString: cluster.databaseUrl, max: 2 })
    await boss.start()
    try {
      await Promise.all([
        boss.send(RENEWALS_QUEUE, {}),
        boss.send(RENEWALS_QUEUE, {}),
        boss.send(RENEWALS_QUEUE, {}),
      ])
    } finally {
      await boss.stop({ graceful: false, wait: true })
    }
    const templates = async () =>
      (await cluster.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.email))).map(
        (m) => m.template,
      )
    await vi.waitFor(
      async () => {
        const sent = await templates()
        expect(sent).toContain('domain-auto-renewed')
        expect(sent).toContain('domain-expiry-7')
      },
      { timeout: 40_000, interval: 500 },
    )
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    const sent = await templates()
    expect(sent.filter((t) => t === 'domain-auto-renewed')).toHaveLength(1)
    expect(sent.filter((t) => t === 'domain-expiry-7')).toHaveLength(1)
    const renewals = await cluster.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, client.client.id), like(orders.description, `%cluster-renew-${suffix}%`)))
    expect(renewals).toHaveLength(1)
    const wallet = await call(b, 'GET', '/api/client/wallet/', { token: client.access })
    expect(wallet.body.balance).toBeCloseTo(30 - 12.99, 2)
  })
})

describe('reconciliation across both', () => {
  it('a checkout whose notification was lost is asked about once and fulfilled once', async () => {
    const client = await register(a)
    const orderId = await topupOrder(a, client.access, 15)
    const started = await call(a, 'POST', '/api/payments/stripe/process/temp_order/', {
      token: client.access,
      body: { amount: 1500, currency: 'usd', order_id: orderId },
    })
    expect(started.status).toBe(200)
    // The client pays on the sandbox page, which drops the notification (as a lost webhook would).
    const paid = await fetch(started.body.checkout_url as string, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        card_number: SANDBOX_CARDS.succeeds,
        exp_month: '12',
        exp_year: String(new Date().getUTCFullYear() + 1),
        cvc: '123',
        notify: 'lose',
      }),
    })
    expect(paid.status).toBe(303)
    const attempt = async () =>
      (await cluster.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.orderId, orderId)))[0]
    const [order] = await cluster.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order?.status).toBe('pending')
    // When the check falls due, both instances' workers get runs of the job at once (as their
    // every-minute schedules would): one claims the check, the other skips it.
    const due = (await attempt())?.nextCheckAt as Date
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now() + 200)))
    const boss = new PgBoss({ connectionString: cluster.databaseUrl, max: 2 })
    await boss.start()
    try {
      await Promise.all(Array.from({ length: 4 }, () => boss.send(RECONCILE_QUEUE, {})))
    } finally {
      await boss.stop({ graceful: false, wait: true })
    }
    await expectPaidOnce(orderId, client.email)
    expect(await attempt()).toMatchObject({ checks: 1, settledAt: expect.any(Date) })
  })
})

describe('an instance killed during concurrent writes', () => {
  it('loses no acknowledged write; the other keeps answering; the killed one restarts and rejoins', async () => {
    const session = await signIn(a)
    const list = await call(a, 'GET', '/api/support/tickets/', { token: session.access })
    const ticket = (list.body.results as { id: number }[])[0]?.id
    const acknowledged: string[] = []
    const afterKill: { instance: string; status: number }[] = []
    let killed = false
    const writer = async (worker: number) => {
      for (let i = 0; i < 40; i++) {
        const on = (i + worker) % 2 === 0 ? a : b
        const ref = randomUUID()
        const wasKilled = killed
        const answer = await call(on, 'POST', '/api/support/comments/', {
          token: session.access,
          body: { ticket, content: `Write ${worker}.${i}`, is_internal: false, client_ref: ref },
        }).catch(() => null)
        if (answer?.status === 201) acknowledged.push(ref)
        if (wasKilled && on === b) afterKill.push({ instance: on.name, status: answer?.status ?? 0 })
      }
    }
    const writers = Promise.all([0, 1, 2, 3].map(writer))
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThan(20), { timeout: 30_000, interval: 20 })
    await a.kill()
    killed = true
    await writers

    expect(afterKill.length).toBeGreaterThan(0)
    expect(afterKill.every((r) => r.status === 201)).toBe(true)
    const stored = await cluster.db
      .select({ ref: ticketComments.clientRef })
      .from(ticketComments)
      .where(inArray(ticketComments.clientRef, acknowledged))
    expect(stored.map((s) => s.ref).sort()).toEqual([...acknowledged].sort())

    await a.start()
    expect((await sessions(a, session.access)).status).toBe(200)
    const rejoined = await call(a, 'POST', '/api/support/comments/', {
      token: session.access,
      body: { ticket, content: 'Back again', is_internal: false, client_ref: randomUUID() },
    })
    expect(rejoined.status).toBe(201)
  })
})

import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { verifyEmailPaths } from '@/contract/auth'
import type { CheckoutMethod } from '@/contract/payments'
import { referralMessages, referralPaths } from '@/contract/referrals'
import { mailOutbox, referrals, walletEntries } from '../../server/db/schema'
import { walletReferrals } from '../../server/modules/referrals'
import { creditDueRewards } from '../../server/modules/referrals/service'
import { nextAddress, registerClient, type SignedIn } from './helpers/auth'
import { payOrder, refundOrder } from './helpers/orders'
import { requests } from './helpers/requests'
import { createTestApp, openTestApp } from './helpers/test-app'

const app = await openTestApp()
const api = requests(app)
const rules = app.config.referrals
const DAY = 86_400_000
// Purchases here are domain renewals: what they buy is not this file's concern.
app.orderHooks.registerFulfiller('domain_renewal', async () => {})

const purchase = (userId: number, amountMinor: number, gateway: CheckoutMethod) =>
  payOrder(app, { userId, amountMinor, gateway, kind: 'domain_renewal' })

/** Opens the verification link of the welcome e-mail sent to an address. */
async function verifyIn(target: FastifyInstance, email: string) {
  const [mail] = await target.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'welcome')))
  const token = /verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1]
  expect(token).toBeTruthy()
  const response = await requests(target).post(verifyEmailPaths.verify, { token })
  expect(response.statusCode).toBe(200)
}
const verify = (email: string) => verifyIn(app, email)

async function statusOf(referrer: SignedIn): Promise<string> {
  return (await api.get(referralPaths.myReferrals, referrer)).json().results[0].status
}

let invitee = 0
const freshEmail = () => `friend${++invitee}.${Date.now()}@example.com`

/** Invites from a fresh address each time: the invitation endpoint is rate-limited per address. */
const refer = (client: SignedIn, body: object) =>
  api.post(referralPaths.refer, body, { headers: client.headers, remoteAddress: nextAddress() })

async function codeOf(client: SignedIn): Promise<string> {
  const response = await api.get(referralPaths.myCode, client)
  expect(response.statusCode).toBe(200)
  return response.json().code
}

const balanceOf = async (userId: number) => {
  const [row] = await app.db
    .select({ total: sql<string>`coalesce(sum(${walletEntries.amountMinor}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
  return Number(row?.total ?? 0)
}

describe('referral code', () => {
  it('gives each client one code and a link that carries it', async () => {
    const client = await registerClient(app)
    const first = (await api.get(referralPaths.myCode, client)).json()
    expect(first).toMatchObject({ code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/), is_active: true })
    expect(first.share_url).toBe(`${app.config.publicUrl}/register?ref=${first.code}`)
    expect((await api.get(referralPaths.myCode, client)).json().code).toBe(first.code)
    expect((await api.get(referralPaths.myCode, await registerClient(app))).json().code).not.toBe(first.code)
    expect((await api.get(referralPaths.myCode)).statusCode).toBe(401)
  })
})

describe('inviting a friend', () => {
  it('e-mails the invitation with the link and lists it as pending', async () => {
    const client = await registerClient(app)
    const email = freshEmail()
    const response = await refer(client, { email })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      success: true,
      message: referralMessages.sent,
      referral: { referred_email: email, status: 'pending', registered_at: null, referred_user: null },
    })
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    expect(mail?.template).toBe('referral-invitation')
    expect(mail?.text).toContain(`/register?ref=${await codeOf(client)}`)
    expect(mail?.text).toContain('$10.00')
    const list = (await api.get(referralPaths.myReferrals, client)).json()
    expect(list).toMatchObject({ count: 1, results: [{ referred_email: email, status: 'pending' }] })
  })

  it('answers the spec’s messages for a missing or malformed address', async () => {
    const client = await registerClient(app)
    const missing = await refer(client, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().email).toEqual([referralMessages.emailRequired])
    const blank = await refer(client, { email: '' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().email[0]).toBe(referralMessages.emailRequired)
    const malformed = await refer(client, { email: 'not an email' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().email).toEqual([referralMessages.emailInvalid])
  })

  it('refuses the client’s own address, an existing account and an open invitation', async () => {
    const client = await registerClient(app)
    const member = await registerClient(app)
    const self = await refer(client, { email: client.email.toUpperCase() })
    expect(self.statusCode).toBe(400)
    expect(self.json().detail).toBe(referralMessages.selfReferral)
    const existing = await refer(client, { email: member.email })
    expect(existing.statusCode).toBe(400)
    expect(existing.json().detail).toBe(referralMessages.alreadyMember)
    const email = freshEmail()
    expect((await refer(client, { email })).statusCode).toBe(201)
    const again = await refer(client, { email })
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe(referralMessages.alreadyInvited)
  })

  it('lets the client cancel a pending invitation and invite again; another client’s is a 404', async () => {
    const client = await registerClient(app)
    const other = await registerClient(app)
    const email = freshEmail()
    const { referral } = (await refer(client, { email })).json()
    expect((await api.post(`/api/referrals/referrals/${referral.id}/cancel/`, {}, other)).statusCode).toBe(
      404,
    )
    const cancelled = await api.post(`/api/referrals/referrals/${referral.id}/cancel/`, {}, client)
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' })
    expect((await api.post(`/api/referrals/referrals/${referral.id}/cancel/`, {}, client)).statusCode).toBe(
      409,
    )
    const again = await refer(client, { email })
    expect(again.json().referral).toMatchObject({ id: referral.id, status: 'pending' })
  })

  it('lets an invitation expire when nobody takes it up', async () => {
    const client = await registerClient(app)
    const email = freshEmail()
    const { referral } = (await refer(client, { email })).json()
    await app.db
      .update(referrals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(referrals.id, referral.id))
    const list = (await api.get(referralPaths.myReferrals, client)).json()
    expect(list.results[0]).toMatchObject({ id: referral.id, status: 'expired' })
    // An expired invitation can be sent again.
    expect((await refer(client, { email })).json().referral.status).toBe('pending')
  })
})

describe('a referral from sign-up to reward', () => {
  it('registers the friend through the code, holds both rewards after a verified first purchase, credits them and reverses on refund', async () => {
    const referrer = await registerClient(app)
    const email = freshEmail()
    await refer(referrer, { email })
    const code = await codeOf(referrer)
    const friend = await registerClient(app, {
      email,
      first_name: 'Nour',
      last_name: 'Hany',
      referral_code: code.toLowerCase(),
    })

    const registered = (await api.get(referralPaths.myReferrals, referrer)).json().results[0]
    expect(registered).toMatchObject({
      referred_email: email,
      status: 'registered',
      referred_user: { first_name: 'Nour', last_name: 'Hany' },
    })
    expect(registered.registered_at).not.toBeNull()
    expect((await api.get(referralPaths.stats, referrer)).json()).toEqual({
      total_referrals: 1,
      pending_referrals: 1,
      completed_referrals: 0,
      total_rewards: 0,
      pending_rewards: 0,
      pending_reward_items: [],
    })

    // Paying from the wallet does not qualify; the first gateway purchase of a verified friend does.
    await verify(email)
    await purchase(friend.client.id, 1000, 'wallet')
    expect(await statusOf(referrer)).toBe('registered')
    const order = await purchase(friend.client.id, 5000, 'fawry')
    await purchase(friend.client.id, 5000, 'stripe')
    expect(await statusOf(referrer)).toBe('completed')
    const due = new Date((order.paidAt ?? new Date()).getTime() + 14 * DAY)
    expect((await api.get(referralPaths.stats, referrer)).json()).toMatchObject({
      pending_rewards: 10,
      pending_reward_items: [{ friend: 'Nour Hany', amount: 10, available_at: due.toISOString() }],
      total_rewards: 0,
    })

    // Held: nothing is credited before the hold ends, both sides once it has.
    await creditDueRewards(app.db, rules, new Date(due.getTime() - 60_000))
    expect(await balanceOf(referrer.client.id)).toBe(0)
    expect(await creditDueRewards(app.db, rules, due)).toEqual({ rewarded: 1 })
    await creditDueRewards(app.db, rules, new Date(due.getTime() + DAY))
    expect(await statusOf(referrer)).toBe('rewarded')
    expect(await balanceOf(referrer.client.id)).toBe(1000)
    expect((await api.get(referralPaths.stats, referrer)).json()).toMatchObject({
      completed_referrals: 1,
      pending_referrals: 0,
      total_rewards: 10,
      pending_rewards: 0,
      pending_reward_items: [],
    })
    const friendRewards = await app.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, friend.client.id), eq(walletEntries.source, 'referral_reward')))
    expect(friendRewards).toHaveLength(1)
    expect(friendRewards[0]?.amountMinor).toBe(1000)

    // Refunding the qualifying order later takes both rewards back.
    const friendBefore = await balanceOf(friend.client.id)
    await refundOrder(app, order)
    expect(await statusOf(referrer)).toBe('cancelled')
    expect(await balanceOf(referrer.client.id)).toBe(0)
    expect(await balanceOf(friend.client.id)).toBe(friendBefore - 1000)
    expect((await api.get(referralPaths.stats, referrer)).json()).toMatchObject({
      total_rewards: 0,
      completed_referrals: 0,
    })
  })

  it('credits nothing for 20 referred friends whose addresses are not verified', async () => {
    const referrer = await registerClient(app)
    const code = await codeOf(referrer)
    for (let i = 0; i < 20; i++) {
      const friend = await registerClient(app, { referral_code: code })
      await purchase(friend.client.id, 2000, 'stripe')
    }
    await creditDueRewards(app.db, rules, new Date(Date.now() + 30 * DAY))
    expect(await balanceOf(referrer.client.id)).toBe(0)
    const stats = (await api.get(referralPaths.stats, referrer)).json()
    expect(stats).toMatchObject({ pending_referrals: 20, completed_referrals: 0, pending_rewards: 0 })
  })

  it('earns nothing for a top-up or a purchase under the minimum, and completes on a later qualifying one', async () => {
    const referrer = await registerClient(app)
    const friend = await registerClient(app, { referral_code: await codeOf(referrer) })
    await verify(friend.email)
    await payOrder(app, { userId: friend.client.id, amountMinor: 100, gateway: 'stripe' })
    await payOrder(app, { userId: friend.client.id, amountMinor: 5000, gateway: 'stripe' })
    await purchase(friend.client.id, 999, 'paymob')
    await creditDueRewards(app.db, rules, new Date(Date.now() + 30 * DAY))
    expect(await statusOf(referrer)).toBe('registered')
    expect(await balanceOf(referrer.client.id)).toBe(0)
    await purchase(friend.client.id, 1000, 'paymob')
    expect(await statusOf(referrer)).toBe('completed')
  })

  it('completes when a friend who already paid verifies the address afterwards', async () => {
    const referrer = await registerClient(app)
    const friend = await registerClient(app, { referral_code: await codeOf(referrer) })
    const order = await purchase(friend.client.id, 1500, 'stripe')
    expect(await statusOf(referrer)).toBe('registered')
    await verify(friend.email)
    expect(await statusOf(referrer)).toBe('completed')
    const [row] = await app.db.select().from(referrals).where(eq(referrals.referrerId, referrer.client.id))
    expect(row?.qualifyingOrderId).toBe(order.id)
  })

  it('cancels a held reward whose order is refunded during the hold, crediting nothing', async () => {
    const referrer = await registerClient(app)
    const friend = await registerClient(app, { referral_code: await codeOf(referrer) })
    await verify(friend.email)
    const order = await purchase(friend.client.id, 2500, 'stripe')
    await refundOrder(app, order)
    expect(await statusOf(referrer)).toBe('cancelled')
    await creditDueRewards(app.db, rules, new Date(Date.now() + 30 * DAY))
    expect(await balanceOf(referrer.client.id)).toBe(0)
    expect(await balanceOf(friend.client.id)).toBe(0)
  })

  it('rewards a referrer at most REFERRAL_MAX_PER_MONTH times a calendar month', async () => {
    const capped = await createTestApp({ env: { REFERRAL_MAX_PER_MONTH: '2', REFERRAL_HOLD_DAYS: '0' } })
    try {
      capped.orderHooks.registerFulfiller('domain_renewal', async () => {})
      const cappedApi = requests(capped)
      const referrer = await registerClient(capped)
      const code = (await cappedApi.get(referralPaths.myCode, referrer)).json().code
      for (let i = 0; i < 3; i++) {
        const friend = await registerClient(capped, { referral_code: code })
        await verifyIn(capped, friend.email)
        await payOrder(capped, {
          userId: friend.client.id,
          amountMinor: 1000,
          gateway: 'stripe',
          kind: 'domain_renewal',
        })
      }
      const now = new Date()
      expect(await creditDueRewards(capped.db, capped.config.referrals, now)).toEqual({
        rewarded: 2,
        capped: 1,
      })
      const [row] = await capped.db
        .select({ total: sql<string>`coalesce(sum(${walletEntries.amountMinor}), 0)` })
        .from(walletEntries)
        .where(eq(walletEntries.userId, referrer.client.id))
      expect(Number(row?.total)).toBe(2000)
      const list = (await cappedApi.get(referralPaths.myReferrals, referrer)).json().results
      expect(list.map((r: { status: string }) => r.status).sort()).toEqual([
        'completed',
        'rewarded',
        'rewarded',
      ])
    } finally {
      await capped.close()
    }
  })

  it('registers a friend who signs up through the link without an invitation, and ignores unknown codes', async () => {
    const referrer = await registerClient(app)
    const code = await codeOf(referrer)
    const friend = await registerClient(app, { referral_code: code })
    expect((await api.get(referralPaths.myReferrals, referrer)).json().results).toMatchObject([
      { referred_email: friend.email, status: 'registered' },
    ])
    const stranger = await registerClient(app, { referral_code: 'NOSUCHCODE' })
    const [row] = await app.db
      .select()
      .from(referrals)
      .where(eq(referrals.referredUserId, stranger.client.id))
    expect(row).toBeUndefined()
  })

  it('attributes an invited friend who registers without the code to the invitation', async () => {
    const referrer = await registerClient(app)
    const email = freshEmail()
    await refer(referrer, { email })
    await registerClient(app, { email })
    expect((await api.get(referralPaths.myReferrals, referrer)).json().results[0]).toMatchObject({
      status: 'registered',
    })
  })

  it('takes back only what is left when the reward was already spent', async () => {
    const referrer = await registerClient(app)
    const friend = await registerClient(app, { referral_code: await codeOf(referrer) })
    await verify(friend.email)
    const order = await purchase(friend.client.id, 2000, 'paymob')
    await creditDueRewards(app.db, rules, new Date(Date.now() + 15 * DAY))
    await app.db.insert(walletEntries).values({
      userId: referrer.client.id,
      transactionType: 'payment',
      source: 'order',
      amountMinor: -600,
      description: 'Spent on a package',
    })
    await refundOrder(app, order)
    expect(await balanceOf(referrer.client.id)).toBe(0)
  })

  it('gives the wallet the client’s code and stats', async () => {
    const referrer = await registerClient(app)
    await registerClient(app, { referral_code: await codeOf(referrer) })
    expect(await walletReferrals(1500)(app.db, referrer.client.id)).toEqual({
      code: await codeOf(referrer),
      stats: {
        total_referrals: 1,
        pending_referrals: 1,
        completed_referrals: 0,
        total_rewards: 0,
        pending_rewards: 0,
        pending_reward_items: [],
      },
    })
  })

  it('keeps each client’s referrals to themselves', async () => {
    const one = await registerClient(app)
    const two = await registerClient(app)
    await refer(one, { email: freshEmail() })
    expect((await api.get(referralPaths.myReferrals, two)).json()).toMatchObject({ count: 0, results: [] })
    expect((await api.get(referralPaths.stats, two)).json()).toMatchObject({ total_referrals: 0 })
  })
})

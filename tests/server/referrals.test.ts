import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { referralMessages, referralPaths } from '@/contract/referrals'
import { mailOutbox, referrals, walletEntries } from '../../server/db/schema'
import { walletReferrals } from '../../server/modules/referrals'
import { nextAddress, registerClient, type SignedIn } from './helpers/auth'
import { payOrder, refundOrder } from './helpers/orders'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const api = requests(app)

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
  it('registers the friend through the code, rewards both on the first paid order and reverses on refund', async () => {
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
      pending_rewards: 10,
    })

    // Paying from the wallet does not qualify; the first gateway payment does, once.
    await payOrder(app, { userId: friend.client.id, amountMinor: 1000, gateway: 'wallet' })
    expect((await api.get(referralPaths.myReferrals, referrer)).json().results[0].status).toBe('registered')
    const order = await payOrder(app, { userId: friend.client.id, amountMinor: 5000, gateway: 'fawry' })
    await payOrder(app, { userId: friend.client.id, amountMinor: 5000, gateway: 'stripe' })
    expect((await api.get(referralPaths.myReferrals, referrer)).json().results[0].status).toBe('rewarded')
    expect(await balanceOf(referrer.client.id)).toBe(1000)
    expect((await api.get(referralPaths.stats, referrer)).json()).toMatchObject({
      completed_referrals: 1,
      pending_referrals: 0,
      total_rewards: 10,
      pending_rewards: 0,
    })
    const friendRewards = await app.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, friend.client.id), eq(walletEntries.source, 'referral_reward')))
    expect(friendRewards).toHaveLength(1)
    expect(friendRewards[0]?.amountMinor).toBe(1000)

    // Refunding a later order changes nothing; refunding the qualifying one takes both rewards back.
    const friendBefore = await balanceOf(friend.client.id)
    await refundOrder(app, order)
    expect((await api.get(referralPaths.myReferrals, referrer)).json().results[0].status).toBe('cancelled')
    expect(await balanceOf(referrer.client.id)).toBe(0)
    // The friend loses the reward and, the order being a top-up, its credit as well.
    expect(await balanceOf(friend.client.id)).toBe(friendBefore - 1000 - 5000)
    expect((await api.get(referralPaths.stats, referrer)).json()).toMatchObject({
      total_rewards: 0,
      completed_referrals: 0,
    })
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
    const order = await payOrder(app, { userId: friend.client.id, amountMinor: 2000, gateway: 'paymob' })
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
        pending_rewards: 15,
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

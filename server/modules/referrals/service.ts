import { randomInt } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { fromMinorUnits } from '@/contract/common'
import {
  REFERRAL_QUERY_PARAM,
  REFERRALS_PAGE_SIZE,
  referralMessages,
  type Referral,
  type ReferralCode,
  type ReferralStats,
} from '@/contract/referrals'
import type { Mailer } from '../../adapters/mail'
import type { ReferralRules } from '../../config'
import type { Database, Executor } from '../../db/client'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { loadPage, type ListPage } from '../../lib/pagination'
import { isEmailVerified } from '../auth'
import type { OrderRow } from '../payments'
import { appendLedgerEntry, walletBalanceMinor } from '../wallet'
import * as repo from './repository'

/** The scheduled job that credits held referral rewards once their hold has ended. */
export const REFERRAL_REWARDS_QUEUE = 'referral-rewards'

/** How long an e-mailed invitation can be taken up. */
export const INVITATION_DAYS = 30
/** Codes read aloud and typed: no 0/O or 1/I. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 8

export interface ReferralDeps {
  db: Database
  mailer: Mailer
  publicUrl: string
  /** What each side of a rewarded referral is credited, USD cents. */
  rewardMinor: number
}

function newCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

/** A code as people type it: case and spaces do not matter. */
export function normaliseCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase()
}

export function shareUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/register?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(code)}`
}

/** The client's referral code, made on first use. */
export async function codeOf(db: Executor, userId: number): Promise<repo.ReferralCodeRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await repo.findCodeOfUser(db, userId)
    if (existing) return existing
    const made = await repo.insertCode(db, userId, newCode())
    if (made) return made
    // Either another request made this user's code first (found on the next turn) or the code was taken.
  }
  throw new Error('could not allocate a referral code')
}

export async function myCode(db: Executor, publicUrl: string, userId: number): Promise<ReferralCode> {
  const row = await codeOf(db, userId)
  return { code: row.code, is_active: row.isActive, share_url: shareUrl(publicUrl, row.code) }
}

export function toReferral(row: repo.ReferralWithFriend): Referral {
  return {
    id: row.id,
    referred_email: row.referredEmail,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    registered_at: row.registeredAt?.toISOString() ?? null,
    referred_user: row.friend ? { first_name: row.friend.firstName, last_name: row.friend.lastName } : null,
  }
}

const invitationExpiry = () => new Date(Date.now() + INVITATION_DAYS * 86_400_000)

/**
 * Invites a friend by e-mail (spec 001 §7 `refer`): the message carries the referrer's link. An address
 * that already has an account, the referrer's own, or one already invited and still open is refused; an
 * invitation that expired or was cancelled is sent again.
 */
export async function refer(deps: ReferralDeps, userId: number, emailInput: string) {
  const email = emailInput.trim()
  const referrer = await repo.findUserBasics(deps.db, userId)
  if (!referrer) throw notFound()
  if (referrer.email.toLowerCase() === email.toLowerCase()) {
    throw badRequest(referralMessages.selfReferral, { email: [referralMessages.selfReferral] })
  }
  if (await repo.findUserIdByEmail(deps.db, email)) {
    throw badRequest(referralMessages.alreadyMember, { email: [referralMessages.alreadyMember] })
  }
  const code = await codeOf(deps.db, userId)
  const referral = await deps.db.transaction(async (tx) => {
    const existing = await repo.findByReferrerAndEmail(tx, userId, email)
    if (!existing) {
      return repo.insertReferral(tx, {
        referrerId: userId,
        referredEmail: email,
        expiresAt: invitationExpiry(),
      })
    }
    if (existing.status === 'pending' && existing.expiresAt > new Date()) {
      throw conflict(referralMessages.alreadyInvited, { email: [referralMessages.alreadyInvited] })
    }
    if (existing.status !== 'pending' && existing.status !== 'expired' && existing.status !== 'cancelled') {
      throw badRequest(referralMessages.alreadyMember, { email: [referralMessages.alreadyMember] })
    }
    return repo.updateReferral(tx, existing.id, {
      status: 'pending',
      referredEmail: email,
      createdAt: new Date(),
      expiresAt: invitationExpiry(),
      cancelledAt: null,
    })
  })
  const name = `${referrer.firstName} ${referrer.lastName}`.trim()
  await deps.mailer.send({
    to: email,
    subject: `${name} invited you to Cypher`,
    template: 'referral-invitation',
    text: [
      'Hello,',
      '',
      `${name} invited you to Cypher, the software-services company behind their apps and projects.`,
      deps.rewardMinor > 0
        ? `Create your client account with this link, and you will both receive $${fromMinorUnits(deps.rewardMinor).toFixed(2)} in your Cypher wallet when you make your first purchase:`
        : 'Create your client account with this link:',
      shareUrl(deps.publicUrl, code.code),
      '',
      `Or enter the code ${code.code} when you register. The invitation is valid for ${INVITATION_DAYS} days.`,
      '',
      'The Cypher team',
    ].join('\n'),
  })
  return {
    success: true,
    message: referralMessages.sent,
    referral: toReferral({ ...referral, friend: null }),
  }
}

export async function cancel(db: Database, userId: number, id: number): Promise<Referral> {
  return db.transaction(async (tx) => {
    const row = await repo.findOwnReferral(tx, userId, id)
    if (!row) throw notFound()
    if (row.status !== 'pending') throw conflict('Only an invitation that is still pending can be cancelled.')
    const updated = await repo.updateReferral(tx, id, { status: 'cancelled', cancelledAt: new Date() })
    return toReferral({ ...updated, friend: null })
  })
}

export async function myReferrals(db: Database, userId: number, page: number): Promise<ListPage<Referral>> {
  await repo.expireStale(db, userId)
  return loadPage(page, REFERRALS_PAGE_SIZE, (window) => repo.listOfReferrer(db, userId, window), toReferral)
}

/**
 * Spec 001 §3 `referral_stats`; rewards in USD. Also the wallet's referral summary. Pending rewards are
 * the completed referrals whose rewards are held, each with the date it becomes available.
 */
export async function stats(db: Executor, userId: number, rewardMinor: number): Promise<ReferralStats> {
  await repo.expireStale(db, userId)
  const counts = await repo.countByStatus(db, userId)
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
  const held = await repo.heldRewards(db, userId)
  return {
    total_referrals: total,
    pending_referrals: counts.pending + counts.registered,
    completed_referrals: counts.completed + counts.rewarded,
    total_rewards: fromMinorUnits(await repo.standingRewardsMinor(db, userId)),
    pending_rewards: fromMinorUnits(held.length * rewardMinor),
    pending_reward_items: held.map((row) => ({
      referral_id: row.id,
      friend: row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : row.email,
      amount: fromMinorUnits(rewardMinor),
      available_at: (row.dueAt ?? new Date()).toISOString(),
    })),
  }
}

/**
 * The wallet's referral summary (spec 001 §3 Wallet: referral_code, referral_stats) for a reward
 * amount: what `walletRoutes` takes as its `referrals` reader.
 */
export function walletReferrals(rewardMinor: number) {
  return async (db: Executor, userId: number): Promise<{ code: string | null; stats: ReferralStats }> => ({
    code: (await codeOf(db, userId)).code,
    stats: await stats(db, userId, rewardMinor),
  })
}

/**
 * Registration hook: a new client who signed up with a code (or link), or whose address was invited,
 * becomes that referral's friend (registered). An unknown or own code is ignored: registration never
 * fails because of it. Runs in the registration's transaction.
 */
export async function recordSignup(
  tx: Executor,
  user: { id: number; email: string; referralCode: string | null },
): Promise<void> {
  const now = new Date()
  const code = user.referralCode ? await repo.findActiveCode(tx, normaliseCode(user.referralCode)) : undefined
  if (code && code.userId !== user.id) {
    const invited = await repo.findByReferrerAndEmail(tx, code.userId, user.email)
    if (invited) {
      if (invited.referredUserId !== null) return
      await repo.updateReferral(tx, invited.id, {
        status: 'registered',
        referredUserId: user.id,
        registeredAt: now,
        cancelledAt: null,
      })
    } else {
      await repo.insertReferral(tx, {
        referrerId: code.userId,
        referredEmail: user.email,
        referredUserId: user.id,
        status: 'registered',
        registeredAt: now,
        expiresAt: now,
      })
    }
    return
  }
  const invitation = await repo.findOpenInvitation(tx, user.email)
  if (invitation) {
    await repo.updateReferral(tx, invitation.id, {
      status: 'registered',
      referredUserId: user.id,
      registeredAt: now,
    })
  }
}

/** Whether a paid order can complete a referral (see `firstQualifyingOrder`). */
function qualifies(order: OrderRow, rules: ReferralRules): boolean {
  return (
    order.kind !== 'wallet_topup' &&
    order.gateway !== null &&
    order.gateway !== 'wallet' &&
    order.amountMinor >= rules.minPurchaseMinor
  )
}

/** Completes a referral with its qualifying order: the rewards are held until the hold ends. */
async function complete(tx: Executor, referral: repo.ReferralRow, order: OrderRow, rules: ReferralRules) {
  const paidAt = order.paidAt ?? new Date()
  await repo.updateReferral(tx, referral.id, {
    status: 'completed',
    completedAt: new Date(),
    qualifyingOrderId: order.id,
    rewardDueAt: rules.rewardMinor > 0 ? new Date(paidAt.getTime() + rules.holdMs) : null,
  })
}

/**
 * Paid-order hook: a registered friend whose address is verified completes the referral with their
 * first paid order of at least `REFERRAL_MIN_PURCHASE` (top-ups and wallet payments excluded: the
 * reward could otherwise pay for its own qualifying order). The rewards are held, not credited yet.
 */
export async function completeOnFirstPurchase(
  tx: Executor,
  order: OrderRow,
  rules: ReferralRules,
): Promise<void> {
  if (!qualifies(order, rules)) return
  const referral = await repo.findByReferredUser(tx, order.userId)
  if (!referral || referral.status !== 'registered') return
  if (!(await isEmailVerified(tx, order.userId))) return
  await complete(tx, referral, order, rules)
}

/** Email-verified hook: a friend who paid a qualifying order before verifying completes the referral now. */
export async function completeOnVerification(tx: Executor, userId: number, rules: ReferralRules) {
  const referral = await repo.findByReferredUser(tx, userId)
  if (!referral || referral.status !== 'registered') return
  const order = await repo.firstQualifyingOrder(tx, userId, rules.minPurchaseMinor)
  if (order) await complete(tx, referral, order, rules)
}

/** Start of the UTC calendar month of a moment. */
const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))

/**
 * Credits one completed referral whose hold has ended, in one transaction: both sides, unless the
 * qualifying order was refunded (then it is cancelled) or the referrer already earned
 * `REFERRAL_MAX_PER_MONTH` rewards this calendar month (then it stays completed, unrewarded).
 */
async function creditHeldReward(db: Database, id: number, rules: ReferralRules, now: Date) {
  return db.transaction(async (tx) => {
    const head = await repo.findForUpdate(tx, id)
    if (!head) return 'gone'
    await repo.lockReferrer(tx, head.referrerId)
    const referral = await repo.findForUpdate(tx, id)
    if (!referral || referral.status !== 'completed' || !referral.rewardDueAt || referral.rewardDueAt > now)
      return 'skipped'
    const status =
      referral.qualifyingOrderId === null ? undefined : await repo.orderStatus(tx, referral.qualifyingOrderId)
    if (status !== 'paid' || referral.referredUserId === null) {
      await repo.updateReferral(tx, id, { status: 'cancelled', cancelledAt: now, rewardDueAt: null })
      return 'cancelled'
    }
    if ((await repo.rewardsSince(tx, referral.referrerId, monthStart(now))) >= rules.maxPerMonth) {
      await repo.updateReferral(tx, id, { rewardDueAt: null })
      return 'capped'
    }
    const friend = await repo.findUserBasics(tx, referral.referredUserId)
    const referrer = await repo.findUserBasics(tx, referral.referrerId)
    await appendLedgerEntry(tx, {
      userId: referral.referrerId,
      transactionType: 'deposit',
      source: 'referral_reward',
      amountMinor: rules.rewardMinor,
      description: `Referral reward: ${friend ? `${friend.firstName} ${friend.lastName}`.trim() : 'your friend'} made a first purchase`,
      uniqueKey: `referral:${referral.id}:referrer`,
    })
    await appendLedgerEntry(tx, {
      userId: referral.referredUserId,
      transactionType: 'deposit',
      source: 'referral_reward',
      amountMinor: rules.rewardMinor,
      description: `Referral reward: welcome bonus for joining through ${referrer?.firstName ?? 'a friend'}'s invitation`,
      uniqueKey: `referral:${referral.id}:friend`,
    })
    await repo.updateReferral(tx, id, {
      status: 'rewarded',
      rewardedAt: now,
      rewardMinor: rules.rewardMinor,
      rewardDueAt: null,
    })
    return 'rewarded'
  })
}

/** The scheduled job: credits every referral whose hold has ended by `now`; answers what it did. */
export async function creditDueRewards(db: Database, rules: ReferralRules, now = new Date()) {
  const done: Record<string, number> = {}
  for (;;) {
    const ids = await repo.dueRewardIds(db, now, 100)
    for (const id of ids) {
      const outcome = await creditHeldReward(db, id, rules, now)
      done[outcome] = (done[outcome] ?? 0) + 1
    }
    if (ids.length < 100) return done
  }
}

/**
 * Refund hook: refunding the qualifying order takes both rewards back and cancels the referral. A side
 * that has already spent part of its reward gives back what its balance holds (the wallet never goes
 * below zero); what was taken back is what the ledger shows.
 */
export async function reverseOnRefund(tx: Executor, order: OrderRow, log: FastifyBaseLogger): Promise<void> {
  const referral = await repo.findByQualifyingOrder(tx, order.id)
  if (referral?.status === 'completed' && referral.rewardDueAt) {
    // Refunded during the hold: nothing was credited, nothing will be.
    await repo.updateReferral(tx, referral.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      rewardDueAt: null,
    })
    return
  }
  if (!referral || referral.status !== 'rewarded' || referral.reversedAt) return
  for (const [side, userId] of [
    ['referrer', referral.referrerId],
    ['friend', order.userId],
  ] as const) {
    const balance = await walletBalanceMinor(tx, userId)
    const amount = Math.min(referral.rewardMinor, balance)
    if (amount < referral.rewardMinor) {
      log.warn(
        { referralId: referral.id, side, owed: referral.rewardMinor, taken: amount },
        'referral reward partly spent before its reversal',
      )
    }
    if (amount <= 0) continue
    await appendLedgerEntry(tx, {
      userId,
      transactionType: 'withdrawal',
      source: 'referral_reversal',
      amountMinor: -amount,
      description: `Referral reward reversed: order #${order.id} was refunded`,
      uniqueKey: `referral:${referral.id}:${side}:reversal`,
    })
  }
  await repo.updateReferral(tx, referral.id, {
    status: 'cancelled',
    cancelledAt: new Date(),
    reversedAt: new Date(),
  })
}

import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, parentId, optionalRef } from './columns'
import { REFERRAL_STATUSES } from '@/contract/referrals'
import { users } from './accounts'
import { orders } from './payments'

/** Each client's referral code (spec 001 §3 "Referral code"), made on first use. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    id: id(),
    userId: parentId(() => users.id).unique(),
    code: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamptzNow(),
  },
  (t) => [uniqueIndex('referral_codes_code_idx').on(t.code)],
)

/**
 * A referral (spec 001 §3 "Referral"): an invitation by e-mail (pending), or a friend who signed up with
 * the code or link (registered); completed by the friend's first paid order, rewarded when both wallets
 * are credited; expired when an invitation is not taken up in time; cancelled by the referrer, or when
 * the qualifying order is refunded (the rewards are then taken back).
 */
export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    referrerId: parentId(() => users.id),
    referredEmail: text().notNull(),
    /** The friend's account once registered; a user is referred at most once. */
    referredUserId: optionalRef(() => users.id),
    status: text({ enum: REFERRAL_STATUSES }).notNull().default('pending'),
    createdAt: timestamptzNow(),
    /** Until when an invitation may be taken up. */
    expiresAt: timestamptz().notNull(),
    registeredAt: timestamptz(),
    completedAt: timestamptz(),
    rewardedAt: timestamptz(),
    cancelledAt: timestamptz(),
    qualifyingOrderId: optionalRef(() => orders.id),
    /** What each side was credited, USD cents (0 until rewarded). */
    rewardMinor: integer().notNull().default(0),
    /** Set when a refund of the qualifying order took the rewards back. */
    reversedAt: timestamptz(),
    /**
     * A completed referral's rewards are held until then (the qualifying payment plus the hold days) and
     * credited unless that order was refunded meanwhile; null once decided.
     */
    rewardDueAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('referrals_referrer_email_idx').on(t.referrerId, sql`lower(${t.referredEmail})`),
    uniqueIndex('referrals_referred_user_idx').on(t.referredUserId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    index('referrals_email_idx').on(sql`lower(${t.referredEmail})`),
    index('referrals_reward_due_idx')
      .on(t.rewardDueAt)
      .where(sql`${t.rewardDueAt} is not null`),
  ],
)

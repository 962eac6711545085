import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { REFERRAL_STATUSES } from '@/contract/referrals'
import { users } from './accounts'
import { orders } from './payments'

/** Each client's referral code (spec 001 §3 "Referral code"), made on first use. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    referrerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredEmail: text().notNull(),
    /** The friend's account once registered; a user is referred at most once. */
    referredUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: REFERRAL_STATUSES }).notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Until when an invitation may be taken up. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    registeredAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    rewardedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    qualifyingOrderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    /** What each side was credited, USD cents (0 until rewarded). */
    rewardMinor: integer().notNull().default(0),
    /** Set when a refund of the qualifying order took the rewards back. */
    reversedAt: timestamp({ withTimezone: true }),
    /**
     * A completed referral's rewards are held until then (the qualifying payment plus the hold days) and
     * credited unless that order was refunded meanwhile; null once decided.
     */
    rewardDueAt: timestamp({ withTimezone: true }),
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

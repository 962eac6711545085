import { z } from 'zod'
import { blankAsUnset } from './values'

/** Referral rewards and what earns them (issue 24: rewards that cannot be farmed). */
export const referralsEnv = z.object({
  /** What each side of a rewarded referral is credited, in USD. */
  REFERRAL_REWARD: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(1000).default(10)),
  /** The friend's first paid order (top-ups excluded) must be at least this, in USD, to complete a referral. */
  REFERRAL_MIN_PURCHASE: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(100_000).default(10)),
  /** Days a completed referral's rewards are held; a refund of the qualifying order within them cancels it. */
  REFERRAL_HOLD_DAYS: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(365).default(14)),
  /** Rewards one referrer can earn in a calendar month (UTC). */
  REFERRAL_MAX_PER_MONTH: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(10_000).default(20)),
})

/** Referral rules (issue 24: rewards that cannot be farmed). */
export interface ReferralRules {
  /** Each side's reward, USD cents. */
  rewardMinor: number
  /** The qualifying order's least amount, USD cents. */
  minPurchaseMinor: number
  holdMs: number
  maxPerMonth: number
}

export function referralRules(env: z.infer<typeof referralsEnv>): ReferralRules {
  return {
    rewardMinor: Math.round(env.REFERRAL_REWARD * 100),
    minPurchaseMinor: Math.round(env.REFERRAL_MIN_PURCHASE * 100),
    holdMs: env.REFERRAL_HOLD_DAYS * 86_400_000,
    maxPerMonth: env.REFERRAL_MAX_PER_MONTH,
  }
}

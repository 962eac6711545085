import * as z from 'zod/mini'
import { emailField, paginated } from './common'

/**
 * The referral programme (spec 001 §2 Referral dialog, §3 Referral, §5, §7 Referrals, §8 Referrals):
 * pending (invited, not registered) → registered (signed up through the code or link) → completed (first
 * paid order) → rewarded (both wallets credited); expired and cancelled end it. A refund of the
 * qualifying order reverses the rewards.
 */
export const REFERRAL_STATUSES = [
  'pending',
  'registered',
  'completed',
  'rewarded',
  'expired',
  'cancelled',
] as const
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number]

/** What each side of a rewarded referral is credited by default, in USD (REFERRAL_REWARD on the server). */
export const DEFAULT_REFERRAL_REWARD = 10
/** A link carrying a code: `/register?ref=CODE`. */
export const REFERRAL_QUERY_PARAM = 'ref'

/** Spec texts (001 §5 and §8) and ours. */
export const referralMessages = {
  emailRequired: 'Please enter an email address.',
  emailInvalid: 'Please enter a valid email format.',
  loadFailed: 'Failed to load referrals. Please try again.',
  sendFailed: 'Failed to send referral. Please try again later.',
  createFailed: 'Failed to create referral',
  /** The server's message is shown after a cross mark. */
  serverError: (message: string) => `❌ ${message}`,
  messageCopied: 'Referral message copied to clipboard!',
  codeCopied: 'Referral code copied to clipboard!',
  linkCopied: 'Referral link copied to clipboard!',
  // ours (server answers)
  sent: 'Invitation sent successfully!',
  selfReferral: 'You cannot refer yourself.',
  alreadyMember: 'This person already has an account.',
  alreadyInvited: 'You have already invited this person.',
} as const

/** `GET /api/referrals/codes/my_code/` (spec: {code}; the Referral code entity adds is_active). */
export const referralCodeSchema = z.object({
  code: z.string(),
  is_active: z.boolean(),
  /** Ours: the registration link carrying the code. */
  share_url: z.string(),
})
export type ReferralCode = z.infer<typeof referralCodeSchema>

/** `POST /api/referrals/referrals/refer/` body: email (spec 001 §3 "Referral invite"). */
export const referralInviteSchema = z.object({
  email: emailField(referralMessages.emailInvalid, referralMessages.emailRequired),
})
export type ReferralInvite = z.input<typeof referralInviteSchema>

/** Spec 001 §3 Referral. */
export const referralSchema = z.object({
  id: z.int(),
  referred_email: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  created_at: z.string(),
  registered_at: z.nullable(z.string()),
  referred_user: z.nullable(z.object({ first_name: z.string(), last_name: z.string() })),
})
export type Referral = z.infer<typeof referralSchema>

/** The refer answer: success and message (spec 001 §7), with the new referral. */
export const referralInviteResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  referral: z.optional(referralSchema),
})

/** `GET /api/referrals/referrals/stats/`, also the wallet's `referral_stats` (spec 001 §3 Wallet). Rewards in USD. */
/** A completed referral whose reward is held until `available_at` (issue 24). */
export const heldRewardSchema = z.object({
  referral_id: z.int(),
  /** The friend's name, or their e-mail address when the name is unknown. */
  friend: z.string(),
  /** USD. */
  amount: z.number(),
  available_at: z.string(),
})

export const referralStatsSchema = z.object({
  total_referrals: z.int(),
  pending_referrals: z.int(),
  completed_referrals: z.int(),
  total_rewards: z.number(),
  /** What held rewards will credit the client (USD), listed in `pending_reward_items`. */
  pending_rewards: z.number(),
  pending_reward_items: z.array(heldRewardSchema),
})
export type ReferralStats = z.infer<typeof referralStatsSchema>

/** `GET /api/referrals/referrals/my_referrals/` reads `results`. */
export const REFERRALS_PAGE_SIZE = 50
export const referralListSchema = paginated(referralSchema)

export const referralPaths = {
  myCode: '/api/referrals/codes/my_code/',
  refer: '/api/referrals/referrals/refer/',
  stats: '/api/referrals/referrals/stats/',
  myReferrals: '/api/referrals/referrals/my_referrals/',
} as const

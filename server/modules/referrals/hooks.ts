import type { FastifyInstance } from 'fastify'
import {
  completeOnFirstPurchase,
  completeOnVerification,
  creditDueRewards,
  recordSignup,
  REFERRAL_REWARDS_QUEUE,
  reverseOnRefund,
} from './service'

/**
 * Sign-ups through a code or invitation, verified addresses, first purchases and refunds move referrals
 * along; a scheduled job on the durable queue credits the rewards whose hold has ended.
 */
export function registerReferralHooks(app: FastifyInstance) {
  const rules = app.config.referrals
  app.registrationListeners.push(recordSignup)
  app.emailVerifiedListeners.push((tx, userId) => completeOnVerification(tx, userId, rules))
  app.orderHooks.onPaid((tx, order) => completeOnFirstPurchase(tx, order, rules))
  app.orderHooks.onRefunded((tx, order, context) => reverseOnRefund(tx, order, context.log))
  app.jobs.define(
    REFERRAL_REWARDS_QUEUE,
    async () => {
      const done = await creditDueRewards(app.db, rules)
      if (Object.keys(done).length > 0) app.log.info({ done }, 'held referral rewards decided')
    },
    { cron: '*/10 * * * *' },
  )
}

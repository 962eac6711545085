import type { FastifyInstance } from 'fastify'
import { completeOnFirstPurchase, recordSignup, reverseOnRefund } from './service'

/** Sign-ups through a code or invitation, first purchases and refunds move referrals along. */
export function registerReferralHooks(app: FastifyInstance) {
  app.registrationListeners.push(recordSignup)
  app.orderHooks.onPaid((tx, order, context) =>
    completeOnFirstPurchase(tx, order, context.config.referralRewardMinor),
  )
  app.orderHooks.onRefunded((tx, order, context) => reverseOnRefund(tx, order, context.log))
}

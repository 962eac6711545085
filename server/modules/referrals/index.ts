/** The public face of this module: what app.ts and other modules may import. */
export { referralRoutes } from './routes'
export {
  codeOf as referralCodeOf,
  completeOnFirstPurchase,
  recordSignup as recordReferralSignup,
  reverseOnRefund as reverseReferralRewards,
  stats as referralStats,
} from './service'

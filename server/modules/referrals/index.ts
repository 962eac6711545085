/** The public face of this module: what app.ts and other modules may import. */
export { referralRoutes } from './routes'
export { walletReferrals } from './service'

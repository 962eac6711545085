/** The wallet's tabs (spec 001 §4), opened by ?tab= (kept light: the route reads them before the page loads). */
export const WALLET_TABS = ['transactions', 'referrals', 'cards'] as const
export type WalletTab = (typeof WALLET_TABS)[number]

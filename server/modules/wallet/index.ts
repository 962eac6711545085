/** The public face of this module: what app.ts and other modules may import. */
export {
  appendLedgerEntry,
  balanceMinor as walletBalanceMinor,
  InsufficientBalanceError,
  type LedgerEntryInput,
  type WalletEntryRow,
} from './ledger'
export { fulfilWalletTopup, reverseWalletTopup } from './fulfilment'
export { walletRoutes } from './routes'
export type { WalletSources } from './service'

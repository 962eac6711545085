import * as z from 'zod/mini'
import { pageNumber, paginated } from './common'
import { ORDER_CURRENCY, savedPaymentMethodSchema } from './payments'
import { referralStatsSchema } from './referrals'

/**
 * The client wallet (spec 001 §2 Wallet, §3 Wallet and Transaction, §7, §8): an append-only ledger whose
 * balance is the sum of its entries (ARCHITECTURE §5). Amounts are USD decimals; payments are negative.
 */
export const TRANSACTION_TYPES = ['deposit', 'payment', 'withdrawal', 'refund'] as const
export type TransactionType = (typeof TRANSACTION_TYPES)[number]
/** Ledger entries are written once, when the money moved, so every one is completed. */
export const TRANSACTION_STATUSES = ['completed'] as const

/** Where an entry came from (ours): a top-up, an order paid from the wallet, a referral reward, a reversal. */
export const TRANSACTION_SOURCES = [
  'topup',
  'order',
  'referral_reward',
  'referral_reversal',
  'refund',
] as const
export type TransactionSource = (typeof TRANSACTION_SOURCES)[number]

export const WALLET_TRANSACTIONS_PAGE_SIZE = 20
/** How many recent transactions `GET /api/client/wallet/` carries. */
export const WALLET_RECENT_TRANSACTIONS = 10

/** Spec 001 §2 and §8 texts for the wallet. */
export const walletMessages = {
  title: 'Client Wallet',
  addFunds: 'Add Funds',
  fetchFailed: 'Failed to fetch wallet data',
  loadError: (message: string) => `Error loading wallet data: ${message}`,
  retry: 'Retry',
} as const

/** Spec 001 §3 Transaction, plus the order it belongs to (for its receipt). */
export const walletTransactionSchema = z.object({
  id: z.int(),
  created_at: z.string(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  /** Negative for payments and withdrawals. */
  amount: z.number(),
  description: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  source: z.enum(TRANSACTION_SOURCES),
  /** The order behind the entry (top-up, payment, refund); null for referral rewards. */
  order_id: z.nullable(z.int()),
})
export type WalletTransaction = z.infer<typeof walletTransactionSchema>

/** `GET /api/client/wallet/` (spec 001 §3 Wallet: balance, transactions, referral_code, referral_stats, saved_cards). */
export const walletSchema = z.object({
  balance: z.number(),
  currency: z.literal(ORDER_CURRENCY),
  /** The newest entries (WALLET_RECENT_TRANSACTIONS); the full list is paginated. */
  transactions: z.array(walletTransactionSchema),
  referral_code: z.nullable(z.string()),
  referral_stats: referralStatsSchema,
  /** The summary card "referral earnings": the sum of referral rewards credited (less reversals). */
  referral_earnings: z.number(),
  saved_cards: z.array(savedPaymentMethodSchema),
})
export type Wallet = z.infer<typeof walletSchema>

/** `GET /api/client/wallet/transactions/` (results; newest first). */
export const walletTransactionListSchema = paginated(walletTransactionSchema)
export const walletTransactionQuerySchema = z.object({
  page: pageNumber(),
  transaction_type: z.optional(z.enum(TRANSACTION_TYPES)),
})

export const walletPaths = {
  wallet: '/api/client/wallet/',
  transactions: '/api/client/wallet/transactions/',
} as const

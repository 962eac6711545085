import { fromMinorUnits } from '@/contract/common'
import {
  WALLET_RECENT_TRANSACTIONS,
  WALLET_TRANSACTIONS_PAGE_SIZE,
  type TransactionType,
  type Wallet,
  type WalletTransaction,
} from '@/contract/wallet'
import type { SavedPaymentMethod } from '@/contract/payments'
import type { ReferralStats } from '@/contract/referrals'
import type { Database, Executor } from '../../db/client'
import { loadPage, pageWindow, type ListPage } from '../../lib/pagination'
import * as ledger from './ledger'

/** What the wallet shows from other areas; app.ts passes the payments and referrals modules' readers. */
export interface WalletSources {
  savedCards: (db: Executor, userId: number) => Promise<SavedPaymentMethod[]>
  /** The referral code and stats; absent until the referral programme is registered. */
  referrals?: (db: Executor, userId: number) => Promise<{ code: string | null; stats: ReferralStats }>
}

const noReferrals = {
  code: null,
  stats: {
    total_referrals: 0,
    pending_referrals: 0,
    completed_referrals: 0,
    total_rewards: 0,
    pending_rewards: 0,
    pending_reward_items: [],
  },
}

export function transactionView(row: ledger.WalletEntryRow): WalletTransaction {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    transaction_type: row.transactionType,
    amount: fromMinorUnits(row.amountMinor),
    description: row.description,
    status: 'completed',
    source: row.source,
    order_id: row.orderId,
  }
}

/** The wallet screen's data; the balance is the sum of the ledger. */
export async function walletOf(db: Database, userId: number, sources: WalletSources): Promise<Wallet> {
  const [balance, recent, earnings, cards, referrals] = await Promise.all([
    ledger.balanceMinor(db, userId),
    ledger.listEntries(db, userId, pageWindow(1, WALLET_RECENT_TRANSACTIONS)),
    ledger.referralEarningsMinor(db, userId),
    sources.savedCards(db, userId),
    sources.referrals ? sources.referrals(db, userId) : Promise.resolve(noReferrals),
  ])
  return {
    balance: fromMinorUnits(balance),
    currency: 'USD',
    transactions: recent.rows.map(transactionView),
    referral_code: referrals.code,
    referral_stats: referrals.stats,
    referral_earnings: fromMinorUnits(earnings),
    saved_cards: cards,
  }
}

export async function transactions(
  db: Database,
  userId: number,
  query: { page: number; transaction_type?: TransactionType | undefined },
): Promise<ListPage<WalletTransaction>> {
  return loadPage(
    query.page,
    WALLET_TRANSACTIONS_PAGE_SIZE,
    (window) => ledger.listEntries(db, userId, window, query.transaction_type),
    transactionView,
  )
}

import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamptzNow, parentId } from './columns'
import { TRANSACTION_SOURCES, TRANSACTION_TYPES } from '@/contract/wallet'
import { users } from './accounts'
import { orders } from './payments'

/**
 * The wallet ledger (spec 001 §3 Transaction; ARCHITECTURE §5): append-only, never updated or deleted;
 * a client's balance is the sum of their entries. Deposits and refunds are positive, payments and
 * withdrawals negative.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: id(),
    userId: parentId(() => users.id),
    transactionType: text({ enum: TRANSACTION_TYPES }).notNull(),
    source: text({ enum: TRANSACTION_SOURCES }).notNull(),
    /** USD cents; the sign follows the type. */
    amountMinor: integer().notNull(),
    description: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'restrict' }),
    /**
     * Makes a credit happen once: a second entry with the same key is refused (for example
     * `topup:42`, `referral:7:referrer`). Null for entries that need no guard.
     */
    uniqueKey: text(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('wallet_entries_unique_key_idx').on(t.uniqueKey),
    check(
      'wallet_entries_sign',
      sql`(${t.transactionType} in ('deposit', 'refund') and ${t.amountMinor} > 0) or (${t.transactionType} in ('payment', 'withdrawal') and ${t.amountMinor} < 0)`,
    ),
  ],
)

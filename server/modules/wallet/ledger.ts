import { and, desc, eq, sql } from 'drizzle-orm'
import type { TransactionSource, TransactionType } from '@/contract/wallet'
import type { Executor } from '../../db/client'
import { listPage } from '../../db/rows'
import { users, walletEntries } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'

export type WalletEntryRow = typeof walletEntries.$inferSelect

/** One ledger entry to append. */
export interface LedgerEntryInput {
  userId: number
  transactionType: TransactionType
  source: TransactionSource
  /**
   * USD cents, signed by the type: positive for deposit and refund, negative for payment and
   * withdrawal (the table refuses the other sign).
   */
  amountMinor: number
  description: string
  orderId?: number | null
  /**
   * Makes the entry happen at most once (for example `topup:42`, `referral:7:referrer`): when an entry
   * with this key exists, nothing is written and `appendLedgerEntry` answers null.
   */
  uniqueKey?: string | null
}

/** Thrown by `appendLedgerEntry` when a negative entry would take the balance below zero. */
export class InsufficientBalanceError extends Error {
  constructor(
    readonly balanceMinor: number,
    readonly requestedMinor: number,
  ) {
    super('Insufficient wallet balance.')
    this.name = 'InsufficientBalanceError'
  }
}

/**
 * Serialises the ledger writes of one client until the transaction ends (their user row's lock).
 * NO KEY UPDATE, not UPDATE: the same transaction may already hold the KEY SHARE lock that inserting
 * a row referencing the user takes (an order, a receipt), and two such transactions asking for UPDATE
 * deadlock on PostgreSQL.
 */
async function lockWallet(tx: Executor, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
}

export async function balanceMinor(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${walletEntries.amountMinor}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
  return Number(row?.total ?? 0)
}

/**
 * Appends one entry to a client's ledger. Call it with a transaction handle (`db.transaction(tx => …)`)
 * so the entry commits or rolls back with the work it pays for. Entries that take money out check the
 * balance under the client's wallet lock and throw `InsufficientBalanceError` rather than go below zero.
 * Answers the new entry, or null when `uniqueKey` was already used (the credit happened before).
 */
export async function appendLedgerEntry(
  tx: Executor,
  entry: LedgerEntryInput,
): Promise<WalletEntryRow | null> {
  const values = {
    userId: entry.userId,
    transactionType: entry.transactionType,
    source: entry.source,
    amountMinor: entry.amountMinor,
    description: entry.description,
    orderId: entry.orderId ?? null,
    uniqueKey: entry.uniqueKey ?? null,
  }
  // A credit cannot take the balance below zero, so it needs neither the wallet's lock nor a balance
  // check: one statement, which writes nothing when the unique key is taken (its index decides).
  if (entry.amountMinor >= 0) {
    const [row] = await tx.insert(walletEntries).values(values).onConflictDoNothing().returning()
    return row ?? null
  }
  await lockWallet(tx, entry.userId)
  if (entry.uniqueKey) {
    const [existing] = await tx
      .select({ id: walletEntries.id })
      .from(walletEntries)
      .where(eq(walletEntries.uniqueKey, entry.uniqueKey))
      .limit(1)
    if (existing) return null
  }
  const balance = await balanceMinor(tx, entry.userId)
  if (balance + entry.amountMinor < 0) throw new InsufficientBalanceError(balance, -entry.amountMinor)
  const [row] = await tx.insert(walletEntries).values(values).returning()
  return row ?? null
}

export async function listEntries(
  db: Executor,
  userId: number,
  window: PageWindow,
  type?: TransactionType,
): Promise<{ count: number; rows: WalletEntryRow[] }> {
  const where = type
    ? and(eq(walletEntries.userId, userId), eq(walletEntries.transactionType, type))
    : eq(walletEntries.userId, userId)
  return listPage(db, db.select().from(walletEntries).$dynamic(), {
    where,
    orderBy: [desc(walletEntries.id)],
    window,
  })
}

/** Referral rewards credited less their reversals (the wallet's "referral earnings"). */
export async function referralEarningsMinor(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${walletEntries.amountMinor}), 0)` })
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.userId, userId),
        sql`${walletEntries.source} in ('referral_reward', 'referral_reversal')`,
      ),
    )
  return Number(row?.total ?? 0)
}

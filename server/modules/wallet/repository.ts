import { and, desc, eq, sql } from 'drizzle-orm'
import type { TransactionType } from '@/contract/wallet'
import type { Executor } from '../../db/client'
import { firstOf, listPage, type RowPage } from '../../db/rows'
import { users, walletEntries } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'

/* The wallet ledger's queries; its rules (who may go below zero, keys used once) are in ledger.ts. */

export type WalletEntryRow = typeof walletEntries.$inferSelect

/**
 * Serialises the ledger writes of one client until the transaction ends (their user row's lock).
 * NO KEY UPDATE, not UPDATE: the same transaction may already hold the KEY SHARE lock that inserting
 * a row referencing the user takes (an order, a receipt), and two such transactions asking for UPDATE
 * deadlock on PostgreSQL.
 */
export async function lockWallet(tx: Executor, userId: number): Promise<void> {
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
 * Inserts one entry and answers it; with `skipTakenKey`, an entry whose unique key is taken writes
 * nothing and answers null (its index decides).
 */
export async function insertEntry(
  tx: Executor,
  values: typeof walletEntries.$inferInsert,
  { skipTakenKey = false } = {},
): Promise<WalletEntryRow | null> {
  const insert = tx.insert(walletEntries).values(values)
  const [row] = await (skipTakenKey ? insert.onConflictDoNothing() : insert).returning()
  return row ?? null
}

/** The entry written under `uniqueKey`, if any. */
export async function entryWithKey(db: Executor, uniqueKey: string) {
  return firstOf(
    db.select({ id: walletEntries.id }).from(walletEntries).$dynamic(),
    eq(walletEntries.uniqueKey, uniqueKey),
  )
}

export async function listEntries(
  db: Executor,
  userId: number,
  window: PageWindow,
  type?: TransactionType,
): Promise<RowPage<WalletEntryRow>> {
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

import type { TransactionSource, TransactionType } from '@/contract/wallet'
import type { Executor } from '../../db/client'
import { balanceMinor, entryWithKey, insertEntry, lockWallet, type WalletEntryRow } from './repository'

export { balanceMinor, listEntries, referralEarningsMinor, type WalletEntryRow } from './repository'

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
    return insertEntry(tx, values, { skipTakenKey: true })
  }
  await lockWallet(tx, entry.userId)
  if (entry.uniqueKey) {
    if (await entryWithKey(tx, entry.uniqueKey)) return null
  }
  const balance = await balanceMinor(tx, entry.userId)
  if (balance + entry.amountMinor < 0) throw new InsufficientBalanceError(balance, -entry.amountMinor)
  return insertEntry(tx, values)
}

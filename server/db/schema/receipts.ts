import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamptz, parentId } from './columns'
import { sql } from 'drizzle-orm'
import { users } from './accounts'
import { orders } from './payments'

/**
 * The last receipt number given out in each year. Allocating one updates this row inside the paying
 * order's transaction, which holds the row's lock until commit: numbers are taken in commit order and a
 * rolled-back payment gives its number back, so the numbers of a year have no gaps.
 */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer().primaryKey(),
  lastNumber: integer().notNull(),
})

export interface ReceiptParty {
  name: string
  email: string
  company?: string
  phone?: string
  address?: string
  taxId?: string
}

export interface ReceiptLine {
  description: string
  quantity: number
  /** Minor units of the receipt's currency. */
  unitAmountMinor: number
  amountMinor: number
}

/**
 * One receipt per paid order, written when the order is paid and never changed afterwards: the company
 * and the client as they were then, the lines, the tax and the gateway's reference.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: parentId(() => users.id),
    year: integer().notNull(),
    sequence: integer().notNull(),
    /** e.g. R-2026-000042 */
    number: text().notNull(),
    issuedAt: timestamptz().notNull(),
    currency: text().notNull(),
    /** Prices include tax: subtotal + tax = total. */
    subtotalMinor: integer().notNull(),
    /** Basis points: 1400 = 14 %. */
    taxRateBasisPoints: integer().notNull(),
    taxMinor: integer().notNull(),
    totalMinor: integer().notNull(),
    /** What the gateway actually charged when it charged in another currency (EGP for Paymob and Fawry). */
    chargedAmountMinor: integer(),
    chargedCurrency: text(),
    gateway: text().notNull(),
    gatewayReference: text(),
    company: jsonb().$type<ReceiptParty>().notNull(),
    customer: jsonb().$type<ReceiptParty>().notNull(),
    lines: jsonb().$type<ReceiptLine[]>().notNull(),
    emailedAt: timestamptz(),
    /**
     * Set by the sender that claimed the e-mail, before it sends: another sender (a job, the sweep, another
     * instance) leaves it alone until this is older than the claim's lease, so a crashed claim is retried.
     */
    emailClaimedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('receipts_year_sequence_idx').on(t.year, t.sequence),
    uniqueIndex('receipts_number_idx').on(t.number),
    index('receipts_user_idx').on(t.userId, t.issuedAt),
    check('receipts_total', sql`${t.subtotalMinor} + ${t.taxMinor} = ${t.totalMinor}`),
  ],
)

import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { firstOf, firstRow, listPage, updateRows } from '../../db/rows'
import { clients, orders, receiptCounters, receipts, users } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'

export type ReceiptRow = typeof receipts.$inferSelect

export async function findByOrder(db: Executor, orderId: number): Promise<ReceiptRow | undefined> {
  return firstRow(db, receipts, eq(receipts.orderId, orderId))
}

/** Receipts with their order's current status. */
function withOrderStatus(db: Executor) {
  const columns = { receipt: receipts, orderStatus: orders.status }
  return db.select(columns).from(receipts).innerJoin(orders, eq(orders.id, receipts.orderId)).$dynamic()
}

/** A client's receipt with its order's current status (null when it is not theirs). */
export async function findOwnByOrder(db: Executor, userId: number, orderId: number) {
  const mine = and(eq(receipts.orderId, orderId), eq(receipts.userId, userId))
  return (await firstOf(withOrderStatus(db), mine)) ?? null
}

export async function findOwn(db: Executor, userId: number, id: number) {
  return (await firstOf(withOrderStatus(db), and(eq(receipts.id, id), eq(receipts.userId, userId)))) ?? null
}

export async function listOwn(db: Executor, userId: number, window: PageWindow) {
  const where = eq(receipts.userId, userId)
  return listPage(db, withOrderStatus(db), {
    where,
    orderBy: [desc(receipts.issuedAt), desc(receipts.id)],
    window,
  })
}

/**
 * Writes the receipt of an order with the next number of its year, in one statement, unless the order
 * already has one (then nothing is written and no number is taken). The counter's upsert takes the
 * counter row's lock until the caller's transaction ends, so concurrent payments queue there and a
 * rolled-back payment returns its number: numbers stay gap-free. Answers whether a receipt was written.
 */
export async function insertNextReceipt(
  tx: Executor,
  values: Omit<typeof receipts.$inferInsert, 'id' | 'sequence' | 'number' | 'emailedAt'>,
): Promise<boolean> {
  const issuedAt = values.issuedAt.toISOString()
  // Both drivers (PGlite and node-postgres) answer raw statements with `{rows}`.
  const result = (await tx.execute(sql`
    with counter as (
      insert into ${receiptCounters} (year, last_number)
      select ${values.year}::int, 1
      where not exists (select 1 from ${receipts} where ${receipts.orderId} = ${values.orderId})
      on conflict (year) do update set last_number = ${receiptCounters.lastNumber} + 1
      returning last_number
    )
    insert into ${receipts} (order_id, user_id, year, sequence, number, issued_at, currency,
      subtotal_minor, tax_rate_basis_points, tax_minor, total_minor, charged_amount_minor,
      charged_currency, gateway, gateway_reference, company, customer, lines)
    select ${values.orderId}::int, ${values.userId}::int, ${values.year}::int, counter.last_number,
      'R-' || ${values.year}::int || '-' || lpad(counter.last_number::text, greatest(6, length(counter.last_number::text)), '0'),
      ${issuedAt}::timestamptz, ${values.currency}::text, ${values.subtotalMinor}::int,
      ${values.taxRateBasisPoints}::int, ${values.taxMinor}::int, ${values.totalMinor}::int,
      ${values.chargedAmountMinor ?? null}::int, ${values.chargedCurrency ?? null}::text,
      ${values.gateway}::text, ${values.gatewayReference ?? null}::text,
      ${JSON.stringify(values.company)}::jsonb, ${JSON.stringify(values.customer)}::jsonb,
      ${JSON.stringify(values.lines)}::jsonb
    from counter
    returning id`)) as { rows: unknown[] }
  return result.rows.length > 0
}

/** Records that a receipt's e-mail went out. */
/**
 * Claims the e-mail of an order's receipt for one sender, in one statement: answers the receipt when it
 * is unsent and unclaimed (or its claim is older than `staleBefore`: that sender died), else undefined.
 * Two senders of the same receipt never both get it.
 */
export async function claimEmail(
  db: Executor,
  orderId: number,
  now: Date,
  staleBefore: Date,
): Promise<ReceiptRow | undefined> {
  return updateRows(
    db,
    receipts,
    and(
      eq(receipts.orderId, orderId),
      isNull(receipts.emailedAt),
      or(isNull(receipts.emailClaimedAt), lt(receipts.emailClaimedAt, staleBefore)),
    ),
    { emailClaimedAt: now },
  )
}

/** Gives a claim back after the mail server refused the message, so the retry can claim it at once. */
export async function releaseEmailClaim(db: Executor, id: number, claimedAt: Date): Promise<void> {
  await db
    .update(receipts)
    .set({ emailClaimedAt: null })
    .where(and(eq(receipts.id, id), eq(receipts.emailClaimedAt, claimedAt), isNull(receipts.emailedAt)))
}

/** Marks the e-mail sent; its claim is done with. */
export async function markEmailed(db: Executor, id: number): Promise<void> {
  await db
    .update(receipts)
    .set({ emailedAt: new Date(), emailClaimedAt: null })
    .where(and(eq(receipts.id, id), isNull(receipts.emailedAt)))
}

/** Orders whose receipt, issued between `from` and `to`, has not been e-mailed yet (oldest first). */
export async function unemailedReceiptOrderIds(db: Executor, from: Date, to: Date, limit: number) {
  const rows = await db
    .select({ orderId: receipts.orderId })
    .from(receipts)
    .where(and(isNull(receipts.emailedAt), gte(receipts.issuedAt, from), lt(receipts.issuedAt, to)))
    .orderBy(receipts.issuedAt)
    .limit(limit)
  return rows.map((row) => row.orderId)
}

/** The client as the receipt names them: account and company profile. */
export async function findCustomer(db: Executor, userId: number) {
  const { email, firstName, lastName } = users
  const { companyName, phone, address } = clients
  const customer = db
    .select({ email, firstName, lastName, companyName, phone, address })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
  return firstOf(customer.$dynamic(), eq(users.id, userId))
}

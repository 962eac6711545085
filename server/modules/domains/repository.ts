import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { DomainOrderType, DomainStatus } from '@/contract/domains'
import type { OrderStatus } from '@/contract/payments'
import type { Executor } from '../../db/client'
import { allRows, firstOf, firstRow, insertRow, listPage, updateRows } from '../../db/rows'
import { clients, dnsRecords, domainNameHolds, domains, orders, users } from '../../db/schema'
import { likePattern } from '../../lib/search'
import type { PageWindow } from '../../lib/pagination'
import { answerChangesAt } from '../../lib/data-versions'

export type DomainRow = typeof domains.$inferSelect
export type DnsRecordRow = typeof dnsRecords.$inferSelect

/** `expired` is read from the dates too: an active name past its expiry is expired. */
function statusIs(status: DomainStatus, now: Date): SQL | undefined {
  if (status === 'expired')
    return or(eq(domains.status, 'expired'), and(eq(domains.status, 'active'), lt(domains.expiryDate, now)))
  if (status === 'active')
    return and(eq(domains.status, 'active'), or(isNull(domains.expiryDate), gte(domains.expiryDate, now)))
  return eq(domains.status, status)
}

export async function listDomains(
  db: Executor,
  userId: number,
  filters: { status?: DomainStatus | undefined; search?: string | undefined },
  window: PageWindow,
) {
  const conditions: (SQL | undefined)[] = [eq(domains.userId, userId)]
  // Which domains have expired changes with time alone: a filtered list is never kept (data-versions).
  if (filters.status) answerChangesAt(Date.now())
  if (filters.status) conditions.push(statusIs(filters.status, new Date()))
  if (filters.search) conditions.push(ilike(domains.domainName, likePattern(filters.search)))
  const where = and(...conditions)
  return listPage(db, db.select().from(domains).$dynamic(), {
    where,
    orderBy: [asc(domains.domainName), asc(domains.id)],
    window,
  })
}

export async function findDomain(db: Executor, userId: number, domainId: number) {
  return firstRow(db, domains, and(eq(domains.id, domainId), eq(domains.userId, userId)))
}

export async function updateDomain(
  db: Executor,
  domainId: number,
  values: Partial<typeof domains.$inferInsert>,
) {
  return updateRows(db, domains, eq(domains.id, domainId), { ...values, updatedAt: new Date() })
}

export async function listRecords(db: Executor, domainId: number) {
  return allRows(db, dnsRecords, eq(dnsRecords.domainId, domainId), [
    asc(dnsRecords.type),
    asc(dnsRecords.id),
  ])
}

/** A record with its domain, found only through the caller's own domains. */
export async function findRecord(db: Executor, userId: number, recordId: number) {
  return firstOf(
    db
      .select({ record: dnsRecords, domain: domains })
      .from(dnsRecords)
      .innerJoin(domains, eq(domains.id, dnsRecords.domainId))
      .$dynamic(),
    and(eq(dnsRecords.id, recordId), eq(domains.userId, userId)),
  )
}

export async function countRecords(db: Executor, domainId: number) {
  const [row] = await db.select({ value: count() }).from(dnsRecords).where(eq(dnsRecords.domainId, domainId))
  return row?.value ?? 0
}

/** Active domains expiring between `from` and `until`: how many, and the soonest `limit` with their client. */
export async function domainsExpiring(db: Executor, from: Date, until: Date, limit: number) {
  const window = and(
    eq(domains.status, 'active'),
    gte(domains.expiryDate, from),
    lte(domains.expiryDate, until),
  )
  const [total] = await db.select({ count: count() }).from(domains).where(window)
  const rows = await db
    .select({
      id: domains.id,
      domainName: domains.domainName,
      expiryDate: domains.expiryDate,
      autoRenew: domains.autoRenew,
      clientId: clients.id,
      companyName: clients.companyName,
    })
    .from(domains)
    .leftJoin(clients, eq(clients.userId, domains.userId))
    .where(window)
    .orderBy(asc(domains.expiryDate), asc(domains.id))
    .limit(limit)
  return { count: total?.count ?? 0, rows }
}

/** A page of the client's domain orders (of `kinds`, in `status` when given), newest first. */
export async function listDomainOrders(
  db: Executor,
  userId: number,
  kinds: readonly DomainOrderType[],
  status: OrderStatus | undefined,
  window: PageWindow,
) {
  return listPage(db, db.select().from(orders).$dynamic(), {
    where: [
      eq(orders.userId, userId),
      inArray(orders.kind, [...kinds]),
      status ? eq(orders.status, status) : undefined,
    ],
    orderBy: [desc(orders.createdAt), desc(orders.id)],
    window,
  })
}

/** The client's order `orderId` when it is one of `kinds`. */
export async function findOwnOrder(
  db: Executor,
  userId: number,
  orderId: number,
  kinds: readonly DomainOrderType[],
) {
  return firstRow(
    db,
    orders,
    and(eq(orders.id, orderId), eq(orders.userId, userId), inArray(orders.kind, [...kinds])),
  )
}

export async function insertOrder(tx: Executor, values: typeof orders.$inferInsert) {
  return insertRow(tx, orders, values, 'order was not created')
}

/**
 * Holds a name for one registration order while it is payable: takes the hold when it is free, is this
 * client's, or its order is no longer payable (cancelled, paid and done with, refunded). One statement
 * on the name's unique key, so two clients racing for a name cannot both hold it. False: held by another.
 */
export async function holdDomainName(tx: Executor, domainName: string, orderId: number, userId: number) {
  const [held] = await tx
    .insert(domainNameHolds)
    .values({ domainName, orderId, userId })
    .onConflictDoUpdate({
      target: domainNameHolds.domainName,
      set: { orderId, userId, createdAt: new Date() },
      setWhere: sql`${domainNameHolds.userId} = ${userId} or ${domainNameHolds.orderId} = ${orderId} or not exists (select 1 from ${orders} where ${orders.id} = ${domainNameHolds.orderId} and ${orders.status} in ('pending', 'failed'))`,
    })
    .returning({ orderId: domainNameHolds.orderId })
  return held?.orderId === orderId
}

/**
 * Stores the client's pending domain for a registration order: a second order for a name the client has
 * not paid for yet reuses its pending domain. Answers the domain's id.
 */
export async function storePendingDomain(
  tx: Executor,
  userId: number,
  domainName: string,
  values: Omit<typeof domains.$inferInsert, 'userId' | 'domainName' | 'status' | 'locked'>,
): Promise<number> {
  const pending = await firstOf(
    tx.select({ id: domains.id }).from(domains).$dynamic(),
    and(eq(domains.userId, userId), eq(domains.domainName, domainName), eq(domains.status, 'pending')),
  )
  const domainId = pending
    ? (
        await tx.update(domains).set(values).where(eq(domains.id, pending.id)).returning({ id: domains.id })
      )[0]?.id
    : (
        await tx
          .insert(domains)
          .values({ userId, domainName, status: 'pending', locked: true, ...values })
          .returning({ id: domains.id })
      )[0]?.id
  if (domainId === undefined) throw new Error('domain was not stored')
  return domainId
}

/** Whether another unpaid registration order of the client still registers domain `domainId`. */
export async function hasUnpaidRegistration(
  tx: Executor,
  userId: number,
  domainId: number,
): Promise<boolean> {
  const others = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.kind, 'domain_registration'),
        inArray(orders.status, ['pending', 'failed']),
        sql`${orders.details} ->> 'domain_id' = ${String(domainId)}`,
      ),
    )
    .limit(1)
  return others.length > 0
}

/** Cancels the domain when it is still pending (unpaid), freeing its name. */
export async function cancelPendingDomain(tx: Executor, domainId: number) {
  await tx
    .update(domains)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(domains.id, domainId), eq(domains.status, 'pending')))
}

/** A domain by id, whoever's it is (for the fulfillers and jobs). */
export async function findDomainById(db: Executor, domainId: number) {
  return firstRow(db, domains, eq(domains.id, domainId))
}

/** The domain, locked for this transaction: one change of its records at a time. */
export async function lockDomain(tx: Executor, domainId: number) {
  const [domain] = await tx.select().from(domains).where(eq(domains.id, domainId)).for('update')
  return domain
}

export async function insertRecord(tx: Executor, values: typeof dnsRecords.$inferInsert) {
  const [row] = await tx.insert(dnsRecords).values(values).returning()
  return row
}

export async function updateRecord(
  tx: Executor,
  recordId: number,
  values: Partial<typeof dnsRecords.$inferInsert>,
) {
  await tx.update(dnsRecords).set(values).where(eq(dnsRecords.id, recordId))
}

export async function deleteRecords(tx: Executor, recordIds: number[]) {
  if (recordIds.length > 0) await tx.delete(dnsRecords).where(inArray(dnsRecords.id, recordIds))
}

/* The renewals job's queries (renewals.ts). */

/** Whom a domain's e-mails go to. */
export async function ownerContact(db: Executor, userId: number) {
  return firstOf(
    db.select({ email: users.email, firstName: users.firstName }).from(users).$dynamic(),
    eq(users.id, userId),
  )
}

/** Sets one flag in an order's details if it was not set yet; true when this caller set it. */
export async function claimOrderFlag(
  db: Executor,
  orderId: number,
  flag: 'failure_mailed' | 'success_mailed',
) {
  const claimed = await db
    .update(orders)
    .set({ details: sql`${orders.details} || ${JSON.stringify({ [flag]: true })}::jsonb` })
    .where(and(eq(orders.id, orderId), sql`(${orders.details} ->> ${flag}) is null`))
    .returning({ id: orders.id })
  return claimed.length > 0
}

export async function findOrder(db: Executor, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId))
  return row
}

/** Cancels the order unless it was paid (or cancelled) meanwhile. */
export async function cancelUnpaidOrder(db: Executor, orderId: number, reason: string) {
  await db
    .update(orders)
    .set({ status: 'cancelled', failureReason: reason, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['pending', 'failed'])))
}

/** Registered domains (not pending, cancelled or past expiry) expiring in (now, until]. */
export async function expiringBetween(db: Executor, now: Date, until: Date, onlyAutoRenew: boolean) {
  return db
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.status, 'active'),
        gt(domains.expiryDate, now),
        lte(domains.expiryDate, until),
        onlyAutoRenew ? eq(domains.autoRenew, true) : undefined,
      ),
    )
    .orderBy(domains.expiryDate, domains.id)
}

/**
 * Claims the `due`-day reminder of the domain's current term: true when no reminder as near was sent
 * for this expiry date yet (a later threshold replaces a missed one).
 */
export async function claimReminder(db: Executor, domainId: number, expiryDate: Date, due: number) {
  const claimed = await db
    .update(domains)
    .set({ lastReminderDays: due })
    .where(
      and(
        eq(domains.id, domainId),
        eq(domains.expiryDate, expiryDate),
        or(isNull(domains.lastReminderDays), gt(domains.lastReminderDays, due)),
      ),
    )
    .returning({ id: domains.id })
  return claimed.length > 0
}

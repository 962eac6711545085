import { and, asc, count, desc, eq, gte, ilike, isNull, lt, lte, or, type SQL } from 'drizzle-orm'
import type { DomainStatus } from '@/contract/domains'
import type { Executor } from '../../db/client'
import { listPage } from '../../db/rows'
import { clients, dnsRecords, domains, orders } from '../../db/schema'
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
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.userId, userId)))
    .limit(1)
  return row
}

export async function updateDomain(
  db: Executor,
  domainId: number,
  values: Partial<typeof domains.$inferInsert>,
) {
  const [row] = await db
    .update(domains)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(domains.id, domainId))
    .returning()
  return row
}

export async function listRecords(db: Executor, domainId: number) {
  return db
    .select()
    .from(dnsRecords)
    .where(eq(dnsRecords.domainId, domainId))
    .orderBy(asc(dnsRecords.type), asc(dnsRecords.id))
}

/** A record with its domain, found only through the caller's own domains. */
export async function findRecord(db: Executor, userId: number, recordId: number) {
  const [row] = await db
    .select({ record: dnsRecords, domain: domains })
    .from(dnsRecords)
    .innerJoin(domains, eq(domains.id, dnsRecords.domainId))
    .where(and(eq(dnsRecords.id, recordId), eq(domains.userId, userId)))
    .limit(1)
  return row
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

/** A page of orders under `where` (the caller's domain orders), newest first. */
export async function listOrdersWhere(db: Executor, where: SQL | undefined, window: PageWindow) {
  return listPage(db, db.select().from(orders).$dynamic(), {
    where,
    orderBy: [desc(orders.createdAt), desc(orders.id)],
    window,
  })
}

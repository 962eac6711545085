import { and, asc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { offers } from '../../db/schema'

export type OfferRow = typeof offers.$inferSelect

/** Visitors see active offers whose validity period includes now. */
const current = () =>
  and(
    eq(offers.isActive, true),
    lte(offers.validFrom, sql`now()`),
    or(isNull(offers.validUntil), gt(offers.validUntil, sql`now()`)),
  )

const offerOrder = [asc(offers.position), asc(offers.id)]

export async function listOffers(
  db: Executor,
  filter: { serviceType?: string | undefined },
  window: { limit: number; offset: number },
) {
  const conditions: (SQL | undefined)[] = [current()]
  if (filter.serviceType) conditions.push(eq(offers.serviceType, filter.serviceType))
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(offers)
      .where(where)
      .orderBy(...offerOrder)
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(offers)
      .where(where),
  ])
  return { count: total?.count ?? 0, rows }
}

export async function listFeaturedOffers(db: Executor, limit: number) {
  return db
    .select()
    .from(offers)
    .where(and(current(), eq(offers.isFeatured, true)))
    .orderBy(...offerOrder)
    .limit(limit)
}

export async function findCurrentOffer(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(current(), eq(offers.id, id)))
    .limit(1)
  return row
}

import { and, asc, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { allRows, firstRow, listPage, rowsById } from '../../db/rows'
import { offers } from '../../db/schema'
import { equalsIfGiven, searchIn } from '../../lib/search'
import type { PageWindow } from '../../lib/pagination'

export type OfferRow = typeof offers.$inferSelect

export const offerRows = rowsById(offers, 'offer', 'updatedAt')
export const { insert: insertOffer } = offerRows

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
  window: PageWindow,
) {
  const conditions: (SQL | undefined)[] = [current()]
  if (filter.serviceType) conditions.push(eq(offers.serviceType, filter.serviceType))
  const where = and(...conditions)
  return listPage(db, db.select().from(offers).$dynamic(), { where, orderBy: offerOrder, window })
}

export async function listFeaturedOffers(db: Executor, limit: number) {
  return allRows(db, offers, and(current(), eq(offers.isFeatured, true)), offerOrder, limit)
}

export async function findCurrentOffer(db: Executor, id: number) {
  return firstRow(db, offers, and(current(), eq(offers.id, id)))
}

// ---------------------------------------------------------------------------------------------------
// The staff console: every offer, withdrawn, future and ended ones too.

export interface StaffOfferFilter {
  search?: string | undefined
  active?: boolean | undefined
  serviceType?: string | undefined
  sort: 'position' | 'updated' | 'newest' | 'ending'
}

export async function listAllOffers(db: Executor, filter: StaffOfferFilter, window: PageWindow) {
  const where = [
    equalsIfGiven(offers.isActive, filter.active),
    equalsIfGiven(offers.serviceType, filter.serviceType || undefined),
    searchIn(filter.search, [offers.title, offers.description]),
  ]
  const order = {
    position: offerOrder,
    updated: [desc(offers.updatedAt), desc(offers.id)],
    newest: [desc(offers.createdAt), desc(offers.id)],
    ending: [sql`${offers.validUntil} asc nulls last`, asc(offers.id)],
  }[filter.sort]
  return listPage(db, db.select().from(offers).$dynamic(), { where, orderBy: order, window })
}

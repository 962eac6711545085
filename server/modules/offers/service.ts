import { fromMinorUnits } from '@/contract/common'
import { offerMessages, type Offer } from '@/contract/offers'
import type { Executor } from '../../db/client'
import { notFound } from '../../lib/errors'
import { loadPage, PAGE_SIZE } from '../../lib/pagination'
import * as repo from './repository'

/** The featured endpoint answers at most this many offers. */
export const FEATURED_OFFERS_LIMIT = 6

export function toOffer(row: repo.OfferRow): Offer {
  const original = row.originalPriceMinor
  return {
    id: row.id,
    title: row.title,
    service_type: row.serviceType,
    description: row.description,
    price: fromMinorUnits(row.priceMinor),
    original_price: original === null ? null : fromMinorUnits(original),
    // Only a real reduction is a discount.
    discount_percent:
      original !== null && original > row.priceMinor
        ? Math.round((1 - row.priceMinor / original) * 100)
        : null,
    currency: row.currency,
    features: row.features,
    is_featured: row.isFeatured,
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

export async function listOffers(db: Executor, query: { page: number; service_type?: string | undefined }) {
  const filter = { serviceType: query.service_type }
  return loadPage(query.page, PAGE_SIZE.default, (window) => repo.listOffers(db, filter, window), toOffer)
}

export async function listFeaturedOffers(db: Executor): Promise<Offer[]> {
  return (await repo.listFeaturedOffers(db, FEATURED_OFFERS_LIMIT)).map(toOffer)
}

/** A current offer; an expired, future or withdrawn one is not found. */
export async function readOffer(db: Executor, id: number): Promise<Offer> {
  const row = await repo.findCurrentOffer(db, id)
  if (!row) throw notFound(offerMessages.notFound)
  return toOffer(row)
}

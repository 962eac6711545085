import { toMinorUnits } from '@/contract/common'
import { staffContentMessages } from '@/contract/content-staff'
import {
  type CreateOfferInput,
  type StaffOffer,
  type StaffOfferQuery,
  type UpdateOfferInput,
} from '@/contract/offers-staff'
import { partialValues } from '../../db/rows'
import type { offers } from '../../db/schema'
import { badRequest } from '../../lib/errors'
import { staffContentChanges } from '../../lib/staff-content-changes'
import * as repo from './repository'
import { toOffer } from './service'

/*
 * The staff console's offers (issue 15). "Published" is `is_active`, which the public list, the featured
 * list and the detail already follow together with the validity period. Each write and its audit entry are
 * one transaction.
 */

export function toStaffOffer(row: repo.OfferRow, now = new Date()): StaffOffer {
  return {
    ...toOffer(row),
    is_active: row.isActive,
    is_current: row.isActive && row.validFrom <= now && (row.validUntil === null || row.validUntil > now),
    position: row.position,
    updated_at: row.updatedAt.toISOString(),
  }
}

const offerValues = partialValues<UpdateOfferInput, typeof offers.$inferInsert>({
  title: 'title',
  service_type: 'serviceType',
  description: 'description',
  price: ['priceMinor', toMinorUnits],
  original_price: ['originalPriceMinor', (price) => (price === null ? null : toMinorUnits(price))],
  currency: 'currency',
  features: 'features',
  is_featured: 'isFeatured',
  valid_from: ['validFrom', (at) => new Date(at)],
  valid_until: ['validUntil', (at) => (at === null ? null : new Date(at))],
  position: 'position',
})

function checkPeriod(validFrom: Date, validUntil: Date | null | undefined) {
  if (validUntil && validUntil <= validFrom)
    throw badRequest(staffContentMessages.untilBeforeFrom, {
      valid_until: [staffContentMessages.untilBeforeFrom],
    })
}

/**
 * The console's offers: a new one is not yet shown to visitors (publishing is its own step); publishing
 * shows it during its validity period, unpublishing withdraws it.
 */
export const offerStaffService = staffContentChanges({
  entity: 'offer',
  label: (row: repo.OfferRow) => `Offer "${row.title}"`,
  rows: repo.offerRows,
  present: (row: repo.OfferRow) => toStaffOffer(row),
  listRows: (db, query: StaffOfferQuery, window) =>
    repo.listAllOffers(
      db,
      { search: query.search, active: query.active, serviceType: query.service_type, sort: query.sort },
      window,
    ),
  insert: (tx, input: CreateOfferInput) => {
    const values = offerValues(input)
    const validFrom = values.validFrom ?? new Date()
    checkPeriod(validFrom, values.validUntil)
    return repo.insertOffer(tx, {
      ...values,
      title: input.title,
      serviceType: input.service_type,
      priceMinor: toMinorUnits(input.price),
      validFrom,
      isActive: false,
    })
  },
  prepare: (_tx, current, input: UpdateOfferInput) => {
    const values = offerValues(input)
    checkPeriod(
      values.validFrom ?? current.validFrom,
      values.validUntil === undefined ? current.validUntil : values.validUntil,
    )
    return values
  },
})

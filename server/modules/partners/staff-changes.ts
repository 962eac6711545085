import type {
  CreatePartnerInput,
  StaffPartner,
  StaffPartnerQuery,
  UpdatePartnerInput,
} from '@/contract/partners-staff'
import { emptyAsNull, partialValues } from '../../db/rows'
import type { partners } from '../../db/schema'
import { staffContentChanges } from '../../lib/staff-content-changes'
import * as repo from './repository'

/*
 * The staff console's partners (issue 15). "Published" is `is_active`, which the public list follows.
 * Each write and its audit entry are one transaction.
 */

export function toStaffPartner(row: repo.PartnerRow): StaffPartner {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    website: row.website,
    position: row.position,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  }
}

const partnerValues = partialValues<UpdatePartnerInput, typeof partners.$inferInsert>({
  name: 'name',
  image: ['image', emptyAsNull],
  website: ['website', emptyAsNull],
  position: 'position',
})

/** The console's partners: a new one is not yet on /partners (publishing is its own step). */
export const partnerStaffService = staffContentChanges({
  entity: 'partner',
  label: (row: repo.PartnerRow) => `Partner "${row.name}"`,
  rows: repo.partnerRows,
  present: toStaffPartner,
  listRows: (db, query: StaffPartnerQuery, window) => repo.listAllPartners(db, query, window),
  insert: (tx, input: CreatePartnerInput) =>
    repo.insertPartner(tx, { ...partnerValues(input), name: input.name, isActive: false }),
  prepare: (_tx, _current, input: UpdatePartnerInput) => partnerValues(input),
})

import type {
  CreatePartnerInput,
  StaffPartner,
  StaffPartnerQuery,
  UpdatePartnerInput,
} from '@/contract/partners-staff'
import type { Database, Executor } from '../../db/client'
import { emptyAsNull, partialValues } from '../../db/rows'
import type { partners } from '../../db/schema'
import type { AuditContext } from '../../lib/audit'
import { loadPage, type ListPage } from '../../lib/pagination'
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

export async function listStaffPartners(
  db: Executor,
  query: StaffPartnerQuery,
  pageSize: number,
): Promise<ListPage<StaffPartner>> {
  const filter = { search: query.search, active: query.active, sort: query.sort }
  return loadPage(query.page, pageSize, (window) => repo.listAllPartners(db, filter, window), toStaffPartner)
}

const partnerChanges = staffContentChanges({
  entity: 'partner',
  label: (row: repo.PartnerRow) => `Partner "${row.name}"`,
  find: repo.findPartnerById,
  update: repo.updatePartner,
  present: toStaffPartner,
})

export const staffPartner = partnerChanges.read

const partnerValues = partialValues<UpdatePartnerInput, typeof partners.$inferInsert>({
  name: 'name',
  image: ['image', emptyAsNull],
  website: ['website', emptyAsNull],
  position: 'position',
})

/** A new partner, not yet on /partners: publishing is its own step. */
export async function createStaffPartner(
  db: Database,
  input: CreatePartnerInput,
  audit: AuditContext,
): Promise<StaffPartner> {
  return partnerChanges.create(db, audit, (tx) =>
    repo.insertPartner(tx, { ...partnerValues(input), name: input.name, isActive: false }),
  )
}

export async function updateStaffPartner(
  db: Database,
  id: number,
  input: UpdatePartnerInput,
  audit: AuditContext,
): Promise<StaffPartner> {
  return partnerChanges.change(db, id, audit, () => partnerValues(input))
}

export const setPartnerPublished = partnerChanges.setPublished

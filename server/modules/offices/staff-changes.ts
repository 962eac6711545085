import type {
  CreateOfficeInput,
  StaffOffice,
  StaffOfficeQuery,
  UpdateOfficeInput,
} from '@/contract/offices-staff'
import type { Database, Executor } from '../../db/client'
import { emptyAsNull, partialValues } from '../../db/rows'
import type { offices } from '../../db/schema'
import type { AuditContext } from '../../lib/audit'
import { loadPage, type ListPage } from '../../lib/pagination'
import { staffContentChanges } from '../../lib/staff-content-changes'
import * as repo from './repository'
import { toOffice } from './service'

/*
 * The staff console's offices (issue 15). "Published" is `is_active`, which the public list (the contact
 * page's office block) and the assistant follow. Each write and its audit entry are one transaction.
 */

export function toStaffOffice(row: repo.OfficeRow): StaffOffice {
  return {
    ...toOffice(row),
    position: row.position,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  }
}

const officeChanges = staffContentChanges({
  entity: 'office',
  label: (row: repo.OfficeRow) => `Office "${row.title}"`,
  find: repo.findOfficeById,
  update: repo.updateOffice,
  present: toStaffOffice,
})

export const staffOffice = officeChanges.read

export async function listStaffOffices(
  db: Executor,
  query: StaffOfficeQuery,
  pageSize: number,
): Promise<ListPage<StaffOffice>> {
  const filter = { search: query.search, active: query.active, sort: query.sort }
  return loadPage(query.page, pageSize, (window) => repo.listAllOffices(db, filter, window), toStaffOffice)
}

const officeValues = partialValues<UpdateOfficeInput, typeof offices.$inferInsert>({
  title: 'title',
  address: 'address',
  phone: ['phone', emptyAsNull],
  email: ['email', (email) => email?.toLowerCase() || null],
  lat: 'lat',
  lng: 'lng',
  position: 'position',
})

/** A new office, not yet on the contact page: publishing is its own step. */
export async function createStaffOffice(
  db: Database,
  input: CreateOfficeInput,
  audit: AuditContext,
): Promise<StaffOffice> {
  return officeChanges.create(db, audit, (tx) =>
    repo.insertOffice(tx, {
      ...officeValues(input),
      title: input.title,
      address: input.address,
      isActive: false,
    }),
  )
}

export async function updateStaffOffice(
  db: Database,
  id: number,
  input: UpdateOfficeInput,
  audit: AuditContext,
): Promise<StaffOffice> {
  return officeChanges.change(db, id, audit, () => officeValues(input))
}

export const setOfficePublished = officeChanges.setPublished

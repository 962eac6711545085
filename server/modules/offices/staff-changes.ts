import type {
  CreateOfficeInput,
  StaffOffice,
  StaffOfficeQuery,
  UpdateOfficeInput,
} from '@/contract/offices-staff'
import { emptyAsNull, partialValues } from '../../db/rows'
import type { offices } from '../../db/schema'
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

const officeValues = partialValues<UpdateOfficeInput, typeof offices.$inferInsert>({
  title: 'title',
  address: 'address',
  phone: ['phone', emptyAsNull],
  email: ['email', (email) => email?.toLowerCase() || null],
  lat: 'lat',
  lng: 'lng',
  position: 'position',
})

/** The console's offices: a new one is not yet on the contact page (publishing is its own step). */
export const officeStaffService = staffContentChanges({
  entity: 'office',
  label: (row: repo.OfficeRow) => `Office "${row.title}"`,
  rows: repo.officeRows,
  present: toStaffOffice,
  listRows: (db, query: StaffOfficeQuery, window) => repo.listAllOffices(db, query, window),
  insert: (tx, input: CreateOfficeInput) =>
    repo.insertOffice(tx, {
      ...officeValues(input),
      title: input.title,
      address: input.address,
      isActive: false,
    }),
  prepare: (_tx, _current, input: UpdateOfficeInput) => officeValues(input),
})

import {
  staffOfficeListSchema,
  staffOfficeSchema,
  type CreateOfficeInput,
  type OFFICE_SORTS,
  type StaffOffice,
  type UpdateOfficeInput,
} from '@/contract/offices-staff'
import { contentKindApi } from '@/components/staff/api/content-kind'

export interface StaffOfficeFilters extends Record<string, string | number | boolean | undefined> {
  page: number
  search: string
  active?: boolean | undefined
  sort: (typeof OFFICE_SORTS)[number]
}

/** The company's offices, as the console lists and edits them. */
export const staffOfficesApi = contentKindApi<
  StaffOffice,
  StaffOfficeFilters,
  CreateOfficeInput,
  UpdateOfficeInput
>({
  path: 'offices',
  key: 'office',
  itemSchema: staffOfficeSchema,
  listSchema: staffOfficeListSchema,
})

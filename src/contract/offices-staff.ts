import * as z from 'zod/mini'
import { isEmail, optionalQueryText, pageNumber, paginated, requiredText, tooLong } from './common'
import { contentText, publishedQuery, staffContentMessages } from './content-staff'
import { officeSchema } from './offices'

/** The staff console's offices (/api/staff/content/…); shared rules are in content-staff.ts. */

const coordinate = (limit: number) => z.nullable(z.number().check(z.gte(-limit), z.lte(limit)))
export const officeFields = {
  title: requiredText(200),
  address: requiredText(500),
  phone: z.nullable(contentText(40)),
  email: z.nullable(
    z.string().check(
      z.trim(),
      z.maxLength(254, tooLong(254)),
      z.refine((v) => v === '' || isEmail(v), staffContentMessages.invalidEmail),
    ),
  ),
  lat: coordinate(90),
  lng: coordinate(180),
  /** Display order; the first published office is the contact page's office block. */
  position: z.int().check(z.gte(0), z.lte(10_000)),
}
export const createOfficeSchema = z.object({
  title: officeFields.title,
  address: officeFields.address,
  phone: z._default(z.optional(officeFields.phone), null),
  email: z._default(z.optional(officeFields.email), null),
  lat: z._default(z.optional(officeFields.lat), null),
  lng: z._default(z.optional(officeFields.lng), null),
  position: z._default(z.optional(officeFields.position), 0),
})
export type CreateOfficeInput = z.output<typeof createOfficeSchema>
export const updateOfficeSchema = z.partial(z.object(officeFields))
export type UpdateOfficeInput = z.output<typeof updateOfficeSchema>

export const staffOfficeSchema = z.extend(officeSchema, {
  position: z.int(),
  is_active: z.boolean(),
  created_at: z.string(),
})
export type StaffOffice = z.infer<typeof staffOfficeSchema>
export const staffOfficeListSchema = paginated(staffOfficeSchema)

export const OFFICE_SORTS = ['position', 'title', 'newest'] as const
export const staffOfficeQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  active: publishedQuery,
  sort: z._default(z.optional(z.enum(OFFICE_SORTS)), 'position'),
  format: z.optional(z.enum(['json', 'csv'])),
})
export type StaffOfficeQuery = z.output<typeof staffOfficeQuerySchema>

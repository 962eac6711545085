import * as z from 'zod/mini'
import { optionalQueryText, pageNumber, paginated, requiredText } from './common'
import { contentImageUrl, publishedQuery, websiteUrl } from './content-staff'

/** The staff console's partners (/api/staff/content/…); shared rules are in content-staff.ts. */

export const partnerFields = {
  name: requiredText(200),
  /** Logo: a path on this site (uploaded or under /images). */
  image: contentImageUrl,
  website: websiteUrl,
  position: z.int().check(z.gte(0), z.lte(10_000)),
}
export const createPartnerSchema = z.object({
  name: partnerFields.name,
  image: z._default(z.optional(partnerFields.image), null),
  website: z._default(z.optional(partnerFields.website), null),
  position: z._default(z.optional(partnerFields.position), 0),
})
export type CreatePartnerInput = z.output<typeof createPartnerSchema>
export const updatePartnerSchema = z.partial(z.object(partnerFields))
export type UpdatePartnerInput = z.output<typeof updatePartnerSchema>

export const staffPartnerSchema = z.object({
  id: z.int(),
  name: z.string(),
  image: z.nullable(z.string()),
  website: z.nullable(z.string()),
  position: z.int(),
  is_active: z.boolean(),
  created_at: z.string(),
})
export type StaffPartner = z.infer<typeof staffPartnerSchema>
export const staffPartnerListSchema = paginated(staffPartnerSchema)

export const PARTNER_SORTS = ['position', 'name', 'newest'] as const
export const staffPartnerQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  active: publishedQuery,
  sort: z._default(z.optional(z.enum(PARTNER_SORTS)), 'position'),
  format: z.optional(z.enum(['json', 'csv'])),
})
export type StaffPartnerQuery = z.output<typeof staffPartnerQuerySchema>

import * as z from 'zod/mini'
import { optionalQueryText, pageNumber, paginated, requiredText, tooLong } from './common'
import { contentDateTime, contentText, publishedQuery, staffContentMessages } from './content-staff'
import { offerSchema } from './offers'
import { SERVICE_SLUGS } from './services'

/** The staff console's offers (/api/staff/content/…); shared rules are in content-staff.ts. */

export const OFFER_PRICE_MAX = 10_000_000
const price = z.number().check(z.gte(0), z.lte(OFFER_PRICE_MAX))
export const offerFields = {
  title: requiredText(200),
  service_type: z.enum(SERVICE_SLUGS, { error: staffContentMessages.unknownService }),
  description: contentText(2000),
  price,
  original_price: z.nullable(price),
  currency: z.enum(['USD', 'EGP']),
  features: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200, tooLong(200))))
    .check(z.maxLength(20)),
  is_featured: z.boolean(),
  valid_from: z
    .string()
    .check(z.refine((v) => !Number.isNaN(Date.parse(v)), staffContentMessages.invalidDateTime)),
  valid_until: contentDateTime,
  /** Display order (smaller first). */
  position: z.int().check(z.gte(0), z.lte(10_000)),
}
export const createOfferSchema = z.object({
  title: offerFields.title,
  service_type: offerFields.service_type,
  description: z._default(z.optional(offerFields.description), ''),
  price: offerFields.price,
  original_price: z._default(z.optional(offerFields.original_price), null),
  currency: z._default(z.optional(offerFields.currency), 'USD'),
  features: z._default(z.optional(offerFields.features), []),
  is_featured: z._default(z.optional(offerFields.is_featured), false),
  /** Absent: now. */
  valid_from: z.optional(offerFields.valid_from),
  valid_until: z._default(z.optional(offerFields.valid_until), null),
  position: z._default(z.optional(offerFields.position), 0),
})
export type CreateOfferInput = z.output<typeof createOfferSchema>
export const updateOfferSchema = z.partial(z.object(offerFields))
export type UpdateOfferInput = z.output<typeof updateOfferSchema>

/** An offer as staff see it: the public shape, whether it is published and whether visitors see it now. */
export const staffOfferSchema = z.extend(offerSchema, {
  is_active: z.boolean(),
  /** Published and within its validity period: what visitors see now. */
  is_current: z.boolean(),
  position: z.int(),
  updated_at: z.string(),
})
export type StaffOffer = z.infer<typeof staffOfferSchema>
export const staffOfferListSchema = paginated(staffOfferSchema)

export const OFFER_SORTS = ['position', 'updated', 'newest', 'ending'] as const
export const staffOfferQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  active: publishedQuery,
  service_type: z.optional(z.enum(SERVICE_SLUGS)),
  sort: z._default(z.optional(z.enum(OFFER_SORTS)), 'position'),
  format: z.optional(z.enum(['json', 'csv'])),
})
export type StaffOfferQuery = z.output<typeof staffOfferQuerySchema>

import * as z from 'zod/mini'
import { optionalQueryText, pageQuerySchema, paginated } from './common'

/** Texts of spec 000 §8 for the offers. */
export const offerMessages = {
  fetchOffers: 'Failed to fetch offers',
  fetchOffer: 'Failed to fetch offer',
  fetchFeaturedOffers: 'Failed to fetch featured offers',
  notFound: 'Offer not found',
} as const

/**
 * A time-limited offer on one of our services (spec 000 §3 shows only the service_type filter). Prices
 * are decimals in `currency`; `discount_percent` is derived from the original price.
 */
export const offerSchema = z.object({
  id: z.int(),
  title: z.string(),
  /** A service slug from the catalogue, e.g. 'web-development' or 'sms-otp'. */
  service_type: z.string(),
  description: z.string(),
  price: z.number(),
  original_price: z.nullable(z.number()),
  discount_percent: z.nullable(z.int()),
  currency: z.enum(['USD', 'EGP']),
  features: z.array(z.string()),
  is_featured: z.boolean(),
  valid_from: z.string(),
  valid_until: z.nullable(z.string()),
  created_at: z.string(),
})
export type Offer = z.infer<typeof offerSchema>
export const offerListSchema = paginated(offerSchema)
export const featuredOffersSchema = z.array(offerSchema)

export const offerListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  service_type: optionalQueryText(64),
})

import * as z from 'zod/mini'
import { paginated } from './common'

/** Where the company has offices, as the contact page and the assistant name them (spec 000 §2). */
export const OFFICE_COUNTRIES = ['Egypt', 'UAE', 'Chicago'] as const

/** One office as GET /api/public/offices/ lists it (ours: the contact page's office block). */
export const officeSchema = z.object({
  id: z.int(),
  title: z.string(),
  address: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
})
export type Office = z.infer<typeof officeSchema>
export const officeListSchema = paginated(officeSchema)

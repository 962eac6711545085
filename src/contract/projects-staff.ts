import * as z from 'zod/mini'
import {
  isCalendarDate,
  optionalQueryText,
  pageNumber,
  paginated,
  recordId,
  requiredText,
  tooLong,
} from './common'
import {
  contentImagePath,
  contentImageUrl,
  contentText,
  publishedQuery,
  staffContentMessages,
  websiteUrl,
} from './content-staff'

/** The staff console's portfolio projects (the public /projects, not the clients' portal projects) (/api/staff/content/…); shared rules are in content-staff.ts. */

export const PROJECT_KEY_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/
export const publicProjectFields = {
  name: requiredText(200),
  /** The page's address /projects/{key}; null: the slug of the name. */
  key: z.nullable(
    z.string().check(
      z.trim(),
      z.maxLength(60, tooLong(60)),
      z.refine((v) => v === '' || PROJECT_KEY_PATTERN.test(v), staffContentMessages.keyInvalid),
    ),
  ),
  short_description: contentText(300),
  description: contentText(10_000),
  /** 'Mobile App', 'Web Platform', …; null shows 'Application'. */
  type: z.nullable(contentText(100)),
  year: z.nullable(
    z
      .int({ error: staffContentMessages.invalidYear })
      .check(z.gte(1990, staffContentMessages.invalidYear), z.lte(2100, staffContentMessages.invalidYear)),
  ),
  /** Listing order (smaller first); 3 or lower shows 'Featured'. */
  order: z.int().check(z.gte(0), z.lte(10_000)),
  start_date: z.nullable(z.string().check(z.refine(isCalendarDate, staffContentMessages.invalidDate))),
  logo: contentImageUrl,
  banner_image: contentImageUrl,
  android_url: websiteUrl,
  ios_url: websiteUrl,
  website_url: websiteUrl,
  /** The profile (product category) the /projects filter shows it under. */
  category_id: z.nullable(recordId()),
  /** Tool names, in order; a name not yet known becomes a new tool. */
  tech_tools: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60, tooLong(60))))
    .check(z.maxLength(30)),
  /** Screenshots (paths on this site), in order. */
  images: z.array(contentImagePath).check(z.maxLength(30)),
}
export const createPublicProjectSchema = z.object({
  name: publicProjectFields.name,
  key: z._default(z.optional(publicProjectFields.key), null),
  short_description: z._default(z.optional(publicProjectFields.short_description), ''),
  description: z._default(z.optional(publicProjectFields.description), ''),
  type: z._default(z.optional(publicProjectFields.type), null),
  year: z._default(z.optional(publicProjectFields.year), null),
  order: z._default(z.optional(publicProjectFields.order), 100),
  start_date: z._default(z.optional(publicProjectFields.start_date), null),
  logo: z._default(z.optional(publicProjectFields.logo), null),
  banner_image: z._default(z.optional(publicProjectFields.banner_image), null),
  android_url: z._default(z.optional(publicProjectFields.android_url), null),
  ios_url: z._default(z.optional(publicProjectFields.ios_url), null),
  website_url: z._default(z.optional(publicProjectFields.website_url), null),
  category_id: z._default(z.optional(publicProjectFields.category_id), null),
  tech_tools: z._default(z.optional(publicProjectFields.tech_tools), []),
  images: z._default(z.optional(publicProjectFields.images), []),
})
export type CreatePublicProjectInput = z.output<typeof createPublicProjectSchema>
export const updatePublicProjectSchema = z.partial(z.object(publicProjectFields))
export type UpdatePublicProjectInput = z.output<typeof updatePublicProjectSchema>

/** A portfolio project as staff see it: the fields the form edits, its public address and its flag. */
export const staffPublicProjectSchema = z.object({
  id: z.int(),
  name: z.string(),
  key: z.nullable(z.string()),
  /** Where visitors find it: /projects/{key or slug of the name}. */
  path: z.string(),
  short_description: z.string(),
  description: z.string(),
  type: z.nullable(z.string()),
  year: z.nullable(z.int()),
  order: z.int(),
  start_date: z.nullable(z.string()),
  logo: z.nullable(z.string()),
  banner_image: z.nullable(z.string()),
  android_url: z.nullable(z.string()),
  ios_url: z.nullable(z.string()),
  website_url: z.nullable(z.string()),
  category_id: z.nullable(z.int()),
  category: z.nullable(z.string()),
  tech_tools: z.array(z.string()),
  images: z.array(z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type StaffPublicProject = z.infer<typeof staffPublicProjectSchema>
export const staffPublicProjectListSchema = paginated(staffPublicProjectSchema)

export const PUBLIC_PROJECT_SORTS = ['order', 'name', 'newest', 'updated'] as const
export const staffPublicProjectQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  active: publishedQuery,
  category: z.optional(recordId()),
  sort: z._default(z.optional(z.enum(PUBLIC_PROJECT_SORTS)), 'order'),
  format: z.optional(z.enum(['json', 'csv'])),
})
export type StaffPublicProjectQuery = z.output<typeof staffPublicProjectQuerySchema>

/** Profiles and known tools for the project form and filters. */
export const publicProjectOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.int(), name: z.string() })),
  tech_tools: z.array(z.string()),
})

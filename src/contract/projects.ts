import * as z from 'zod/mini'
import { INVALID_INTEGER, optionalQueryText, pageQuerySchema, paginated, recordId } from './common'

/** Texts of spec 000 §8 for the portfolio. */
export { projectMessages } from './project-messages'

/** Card and hero limits of spec 000 §9. */
export const PROJECT_LIMITS = {
  cardTools: 3,
  cardFlags: 2,
  heroFlags: 3,
  heroExtraLinks: 2,
  /** A project whose order is this or lower is 'Featured'. */
  featuredMaxOrder: 3,
} as const

/** What the detail page shows when a project has no type (spec 000 §2). */
export const DEFAULT_PROJECT_TYPE = 'Application'

export function isFeaturedOrder(order: number): boolean {
  return order <= PROJECT_LIMITS.featuredMaxOrder
}

/** Link types the spec names; the API may carry others, shown with their own title. */
export const KNOWN_LINK_TYPES = [
  'play_store',
  'app_store',
  'website',
  'github',
  'demo',
  'admin_panel',
] as const
export type KnownLinkType = (typeof KNOWN_LINK_TYPES)[number]

export const linkTypeLabels: Record<KnownLinkType, string> = {
  play_store: 'Play Store',
  app_store: 'App Store',
  website: 'Visit Website',
  github: 'Source Code',
  demo: 'Live Demo',
  admin_panel: 'Admin Panel',
}

const id = z.int()
const timestamp = z.string()

/**
 * A product category. A project's profile is its product category: the /projects filter buttons are
 * the categories and filter with product_category__id (or type).
 */
export const productCategorySchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
})
export type ProductCategory = z.infer<typeof productCategorySchema>
export const productCategoryListSchema = paginated(productCategorySchema)

export const profileSchema = productCategorySchema

export const techToolSchema = z.object({ id, name: z.string(), image: z.nullable(z.string()) })
export type TechTool = z.infer<typeof techToolSchema>

export const projectImageSchema = z.object({ id, image: z.string() })
export type ProjectImage = z.infer<typeof projectImageSchema>

export const projectLinkSchema = z.object({
  id,
  link_type: z.string(),
  url: z.string(),
  title: z.string(),
  description: z.string(),
})
export type ProjectLink = z.infer<typeof projectLinkSchema>

/** `code` is as entered: two-letter, three-letter or a country name; see countries.ts to normalise it. */
export const projectCountrySchema = z.object({ id, name: z.string(), code: z.string() })
export type ProjectCountry = z.infer<typeof projectCountrySchema>

export const projectInfoSchema = z.object({
  key: z.nullable(z.string()),
  name: z.string(),
  description: z.string(),
  logo: z.nullable(z.string()),
  type: z.nullable(z.string()),
  created_at: timestamp,
  /** A calendar date, YYYY-MM-DD. */
  start_date: z.nullable(z.string()),
  countries: z.array(projectCountrySchema),
  links: z.array(projectLinkSchema),
  android_url: z.nullable(z.string()),
  ios_url: z.nullable(z.string()),
  website_url: z.nullable(z.string()),
  /** The profile's id. */
  profile: z.nullable(id),
})

/** One project as GET /api/public/projects/ lists it (the spec's first reading, which our API serves). */
export const projectListItemSchema = z.object({
  id,
  order: z.int(),
  year: z.nullable(z.int()),
  short_description: z.string(),
  banner_image: z.nullable(z.string()),
  profile: z.nullable(profileSchema),
  tech_tools: z.array(techToolSchema),
  images: z.array(projectImageSchema),
  links: z.array(projectLinkSchema),
  project: projectInfoSchema,
})
export type ProjectListItem = z.infer<typeof projectListItemSchema>
export const projectListSchema = paginated(projectListItemSchema)
export type ProjectList = z.infer<typeof projectListSchema>

/** GET /api/public/projects/{slug}/: the list item plus the path segment that addresses it. */
export const projectDetailSchema = z.extend(projectListItemSchema, { slug: z.string() })
export type ProjectDetail = z.infer<typeof projectDetailSchema>

/** GET /api/public/projects/featured/: every project whose order is 3 or lower, in order. */
export const featuredProjectsSchema = z.array(projectListItemSchema)

/** A query-string id where a blank value means "not given". */
const optionalQueryId = z.optional(
  z.union(
    [
      recordId(),
      z.pipe(
        z.string().check(z.trim(), z.maxLength(0)),
        z.transform(() => undefined),
      ),
    ],
    { error: INVALID_INTEGER },
  ),
)

export const projectListQuerySchema = z.object({
  page: pageQuerySchema.shape.page,
  search: optionalQueryText(200),
  /** The profile filter; `type` is the other reading of the same filter (a category id or name). */
  product_category__id: optionalQueryId,
  type: optionalQueryText(100),
})
export type ProjectListQuery = z.input<typeof projectListQuerySchema>

export const projectSlugParamSchema = z.object({
  slug: z.string().check(z.minLength(1), z.maxLength(100)),
})

/** The path segment of a project: its key, else the slug of its name (spec 000 §2). */
export function projectSlug(project: { key: string | null; name: string }): string {
  const key = project.key?.trim()
  return key ? key : slugify(project.name)
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * Page size of the public project list (spec 000 §9); the renderer computes the page count with it. The
 * portal's list of a client's projects has its own, CLIENT_PROJECTS_PAGE_SIZE.
 */
export const PROJECTS_PAGE_SIZE = 20

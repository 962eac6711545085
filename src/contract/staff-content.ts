import * as z from 'zod/mini'
import { blogCategorySchema, POST_STATUSES } from './blog'
import { EXPERIENCE_LEVELS, JOB_TYPES, jobSchema, WORK_FROM } from './careers'
import { offerSchema } from './offers'
import { officeSchema } from './offices'
import { SERVICE_SLUGS } from './services'
import {
  isCalendarDate,
  isEmail,
  optionalQueryText,
  pageNumber,
  paginated,
  recordId,
  requiredText,
  tooLong,
} from './common'

/**
 * The staff console's content area (issue 15): blog posts, jobs, offers, partners, public projects and offices, written through the same services as
 * the seed and the content import, with HTML sanitized on the server when stored.
 */
export const CONTENT_KINDS = ['blog-posts', 'jobs', 'offers', 'partners', 'projects', 'offices'] as const
export type ContentKind = (typeof CONTENT_KINDS)[number]

export const staffContentMessages = {
  postCreated: 'Post created as a draft.',
  jobCreated: 'Job created as a draft (not published).',
  saved: 'Saved.',
  published: 'Published.',
  unpublished: 'Unpublished.',
  slugTaken: 'Another entry already uses this address.',
  slugReserved: 'This address is reserved.',
  slugInvalid: 'Use lower-case letters, digits and single hyphens.',
  unknownCategory: 'No such category.',
  unknownAuthor: 'No such author.',
  invalidImage: 'Enter a path on this site starting with / (upload an image to get one).',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  invalidDateTime: 'Enter a date and time.',
  imageUploaded: 'Image uploaded.',
  offerCreated: 'Offer created (not published).',
  partnerCreated: 'Partner created (not published).',
  invalidWebsite: 'Enter a full address starting with https:// or http://.',
  untilBeforeFrom: 'The end must be after the start.',
  unknownService: 'Choose a service of the catalogue.',
  imageTooLarge: 'The image is too large (at most 5 MB).',
  imageBadType: 'Upload a JPEG, PNG or GIF image.',
  projectCreated: 'Project created (not published).',
  officeCreated: 'Office created (not published).',
  keyInvalid: 'Use letters, digits and single hyphens.',
  keyTaken: 'Another project already uses this key.',
  nameTaken: 'Another project already has this name; give this one a key.',
  unknownProfile: 'No such profile.',
  invalidEmail: 'Enter a valid e-mail address.',
  invalidYear: 'Enter a year between 1990 and 2100.',
} as const

/** Image uploads of the content area: kinds recognised by their bytes, and a size limit. */
export const CONTENT_IMAGE_RULES = {
  extensions: ['jpg', 'jpeg', 'png', 'gif'],
  maxBytes: 5 * 1024 * 1024,
} as const
/** Where uploaded content images are served (public: they illustrate public pages). */
export const CONTENT_IMAGE_PATH = '/api/public/media/'

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const slug = z.nullable(
  z.string().check(
    z.trim(),
    z.maxLength(120, tooLong(120)),
    z.refine((v) => v === '' || SLUG_PATTERN.test(v), staffContentMessages.slugInvalid),
  ),
)
const imagePath = z.string().check(
  z.trim(),
  z.maxLength(500, tooLong(500)),
  z.refine((v) => /^\/[^/\s]\S*$/.test(v), staffContentMessages.invalidImage),
)
const imageUrl = z.nullable(imagePath)
/** `?active=true|false`: published entries only, or unpublished ones only. */
const publishedQuery = z.optional(
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((v) => v === 'true'),
  ),
)
const websiteUrl = z.nullable(
  z.string().check(
    z.trim(),
    z.maxLength(500, tooLong(500)),
    z.refine((v) => /^https?:\/\/\S+$/.test(v), staffContentMessages.invalidWebsite),
  ),
)
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, tooLong(max)))
const dateTime = z.nullable(
  z.string().check(z.refine((v) => !Number.isNaN(Date.parse(v)), staffContentMessages.invalidDateTime)),
)

// ---------------------------------------------------------------------------------------------------
// Blog posts

export const BLOG_CONTENT_MAX = 200_000
export const blogPostFields = {
  title: requiredText(200),
  /** Blank or null: made from the title. */
  slug,
  excerpt: text(500),
  /** HTML; sanitized by the server when stored. */
  content: requiredText(BLOG_CONTENT_MAX),
  featured_image: imageUrl,
  category_id: z.nullable(recordId()),
  author_id: z.nullable(recordId()),
  read_time: z.nullable(z.int().check(z.gte(1), z.lte(240))),
  is_featured: z.boolean(),
  tags: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(40, tooLong(40))))
    .check(z.maxLength(20)),
  /** When it shows (a future time schedules it); null: the moment it is published. */
  published_at: dateTime,
}
export const createBlogPostSchema = z.object({
  title: blogPostFields.title,
  slug: z._default(z.optional(blogPostFields.slug), null),
  excerpt: z._default(z.optional(blogPostFields.excerpt), ''),
  content: blogPostFields.content,
  featured_image: z._default(z.optional(blogPostFields.featured_image), null),
  category_id: z._default(z.optional(blogPostFields.category_id), null),
  author_id: z._default(z.optional(blogPostFields.author_id), null),
  read_time: z._default(z.optional(blogPostFields.read_time), null),
  is_featured: z._default(z.optional(blogPostFields.is_featured), false),
  tags: z._default(z.optional(blogPostFields.tags), []),
  published_at: z._default(z.optional(blogPostFields.published_at), null),
})
export type CreateBlogPostInput = z.output<typeof createBlogPostSchema>
export const updateBlogPostSchema = z.partial(z.object(blogPostFields))
export type UpdateBlogPostInput = z.output<typeof updateBlogPostSchema>

/** A post as staff see it: drafts too, with the body and the ids the form edits. */
export const staffBlogPostSchema = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  featured_image: z.nullable(z.string()),
  category_id: z.nullable(z.int()),
  category: z.nullable(z.string()),
  author_id: z.nullable(z.int()),
  author: z.nullable(z.string()),
  read_time: z.nullable(z.int()),
  status: z.enum(POST_STATUSES),
  /** Published with a publication time still to come. */
  is_scheduled: z.boolean(),
  is_featured: z.boolean(),
  tags: z.array(z.string()),
  views: z.int(),
  published_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
})
export type StaffBlogPost = z.infer<typeof staffBlogPostSchema>
export const staffBlogPostListSchema = paginated(staffBlogPostSchema)
export type StaffBlogPostList = z.infer<typeof staffBlogPostListSchema>

export const BLOG_POST_SORTS = ['updated', 'newest', 'published', 'title'] as const
export const staffBlogPostQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  status: z.optional(z.enum(POST_STATUSES)),
  category: z.optional(recordId()),
  sort: z._default(z.optional(z.enum(BLOG_POST_SORTS)), 'updated'),
  format: z.optional(z.enum(['json', 'csv'])),
})
export type StaffBlogPostQuery = z.output<typeof staffBlogPostQuerySchema>

/** Categories and authors for the post form and filters. */
export const blogOptionsSchema = z.object({
  categories: z.array(blogCategorySchema),
  authors: z.array(z.object({ id: z.int(), name: z.string() })),
})
export type BlogOptions = z.infer<typeof blogOptionsSchema>

// ---------------------------------------------------------------------------------------------------
// Jobs

export const jobFields = {
  title: requiredText(200),
  slug,
  category: text(100),
  department: text(100),
  location: text(200),
  job_type: z.enum(JOB_TYPES),
  work_from: z.enum(WORK_FROM),
  experience_level: z.enum(EXPERIENCE_LEVELS),
  /** The short summary shown on the list. */
  description: text(2000),
  /** HTML; sanitized by the server when stored. */
  job_description: text(100_000),
  /** Newline-separated lines. */
  requirements: text(10_000),
  responsibilities: text(10_000),
  benefits: text(10_000),
  skills: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60, tooLong(60))))
    .check(z.maxLength(40)),
  salary_range: text(200),
  is_featured: z.boolean(),
  application_deadline: z.nullable(
    z.string().check(z.refine(isCalendarDate, staffContentMessages.invalidDate)),
  ),
}
export const createJobSchema = z.object({
  title: jobFields.title,
  slug: z._default(z.optional(jobFields.slug), null),
  category: z._default(z.optional(jobFields.category), ''),
  department: z._default(z.optional(jobFields.department), ''),
  location: z._default(z.optional(jobFields.location), ''),
  job_type: jobFields.job_type,
  work_from: z._default(z.optional(jobFields.work_from), 'onsite'),
  experience_level: jobFields.experience_level,
  description: z._default(z.optional(jobFields.description), ''),
  job_description: z._default(z.optional(jobFields.job_description), ''),
  requirements: z._default(z.optional(jobFields.requirements), ''),
  responsibilities: z._default(z.optional(jobFields.responsibilities), ''),
  benefits: z._default(z.optional(jobFields.benefits), ''),
  skills: z._default(z.optional(jobFields.skills), []),
  salary_range: z._default(z.optional(jobFields.salary_range), ''),
  is_featured: z._default(z.optional(jobFields.is_featured), false),
  application_deadline: z._default(z.optional(jobFields.application_deadline), null),
})
export type CreateJobInput = z.output<typeof createJobSchema>
export const updateJobSchema = z.partial(z.object(jobFields))
export type UpdateJobInput = z.output<typeof updateJobSchema>

/** A job as staff see it: the public shape (inactive ones too). */
export const staffJobSchema = jobSchema
export type StaffJob = z.infer<typeof staffJobSchema>
export const staffJobListSchema = paginated(staffJobSchema)

export const JOB_SORTS = ['updated', 'newest', 'title', 'deadline'] as const
export const staffJobQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  active: publishedQuery,
  sort: z._default(z.optional(z.enum(JOB_SORTS)), 'updated'),
  format: z.optional(z.enum(['json', 'csv'])),
})
export type StaffJobQuery = z.output<typeof staffJobQuerySchema>

/** POST /api/staff/content/images/: where the stored image is served. */
export const contentImageSchema = z.object({ url: z.string(), name: z.string(), size: z.int() })
export type ContentImage = z.infer<typeof contentImageSchema>

// ---------------------------------------------------------------------------------------------------
// Offers

export const OFFER_PRICE_MAX = 10_000_000
const price = z.number().check(z.gte(0), z.lte(OFFER_PRICE_MAX))
export const offerFields = {
  title: requiredText(200),
  service_type: z.enum(SERVICE_SLUGS, { error: staffContentMessages.unknownService }),
  description: text(2000),
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
  valid_until: dateTime,
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

// ---------------------------------------------------------------------------------------------------
// Partners

export const partnerFields = {
  name: requiredText(200),
  /** Logo: a path on this site (uploaded or under /images). */
  image: imageUrl,
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

// ---------------------------------------------------------------------------------------------------
// Public projects (the portfolio on /projects; not the clients' portal projects)

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
  short_description: text(300),
  description: text(10_000),
  /** 'Mobile App', 'Web Platform', …; null shows 'Application'. */
  type: z.nullable(text(100)),
  year: z.nullable(
    z
      .int({ error: staffContentMessages.invalidYear })
      .check(z.gte(1990, staffContentMessages.invalidYear), z.lte(2100, staffContentMessages.invalidYear)),
  ),
  /** Listing order (smaller first); 3 or lower shows 'Featured'. */
  order: z.int().check(z.gte(0), z.lte(10_000)),
  start_date: z.nullable(z.string().check(z.refine(isCalendarDate, staffContentMessages.invalidDate))),
  logo: imageUrl,
  banner_image: imageUrl,
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
  images: z.array(imagePath).check(z.maxLength(30)),
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
export type PublicProjectOptions = z.infer<typeof publicProjectOptionsSchema>

// ---------------------------------------------------------------------------------------------------
// Offices

const coordinate = (limit: number) => z.nullable(z.number().check(z.gte(-limit), z.lte(limit)))
export const officeFields = {
  title: requiredText(200),
  address: requiredText(500),
  phone: z.nullable(text(40)),
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

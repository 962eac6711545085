import * as z from 'zod/mini'
import { tooLong } from './common'

/**
 * The staff console's content area (issue 15): blog posts, jobs, offers, partners, public projects and offices, written through the same services as
 * the seed and the content import, with HTML sanitized on the server when stored.
 */
export const CONTENT_KINDS = ['blog-posts', 'jobs', 'offers', 'partners', 'projects', 'offices'] as const

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
export const contentSlug = z.nullable(
  z.string().check(
    z.trim(),
    z.maxLength(120, tooLong(120)),
    z.refine((v) => v === '' || SLUG_PATTERN.test(v), staffContentMessages.slugInvalid),
  ),
)
export const contentImagePath = z.string().check(
  z.trim(),
  z.maxLength(500, tooLong(500)),
  z.refine((v) => /^\/[^/\s]\S*$/.test(v), staffContentMessages.invalidImage),
)
export const contentImageUrl = z.nullable(contentImagePath)
/** `?active=true|false`: published entries only, or unpublished ones only. */
export const publishedQuery = z.optional(
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((v) => v === 'true'),
  ),
)
export const websiteUrl = z.nullable(
  z.string().check(
    z.trim(),
    z.maxLength(500, tooLong(500)),
    z.refine((v) => /^https?:\/\/\S+$/.test(v), staffContentMessages.invalidWebsite),
  ),
)
export const contentText = (max: number) => z.string().check(z.trim(), z.maxLength(max, tooLong(max)))
export const contentDateTime = z.nullable(
  z.string().check(z.refine((v) => !Number.isNaN(Date.parse(v)), staffContentMessages.invalidDateTime)),
)

/** POST /api/staff/content/images/: where the stored image is served. */
export const contentImageSchema = z.object({ url: z.string(), name: z.string(), size: z.int() })
export type ContentImage = z.infer<typeof contentImageSchema>

import * as z from 'zod/mini'
import { blogCategorySchema, POST_STATUSES } from './blog'
import { optionalQueryText, pageNumber, paginated, recordId, requiredText, tooLong } from './common'
import { contentDateTime, contentImageUrl, contentSlug, contentText } from './content-staff'

/** The staff console's blog posts (/api/staff/content/…); shared rules are in content-staff.ts. */

export const BLOG_CONTENT_MAX = 200_000
export const blogPostFields = {
  title: requiredText(200),
  /** Blank or null: made from the title. */
  slug: contentSlug,
  excerpt: contentText(500),
  /** HTML; sanitized by the server when stored. */
  content: requiredText(BLOG_CONTENT_MAX),
  featured_image: contentImageUrl,
  category_id: z.nullable(recordId()),
  author_id: z.nullable(recordId()),
  read_time: z.nullable(z.int().check(z.gte(1), z.lte(240))),
  is_featured: z.boolean(),
  tags: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(40, tooLong(40))))
    .check(z.maxLength(20)),
  /** When it shows (a future time schedules it); null: the moment it is published. */
  published_at: contentDateTime,
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

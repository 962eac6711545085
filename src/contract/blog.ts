import * as z from 'zod/mini'
import { NUL_MESSAGE, pageNumber, paginated, withoutNul } from './common'

/** Texts of spec 000 §8 for the blog calls and screens. */
export const blogMessages = {
  fetchCategories: 'Failed to fetch blog categories',
  fetchPosts: 'Failed to fetch blog posts',
  fetchPost: 'Failed to fetch blog post',
  fetchFeatured: 'Failed to fetch featured blog posts',
  fetchData: 'Failed to fetch blog data',
  postNotFound: 'Blog post not found',
  fetchArticle: 'Failed to fetch article',
} as const

/** Spec 000 §9: posts per page of the list. */
export const BLOG_PAGE_SIZE = 20
/** Spec 000 §9: read time shown when a post has none, and how many featured posts the list shows. */
export const DEFAULT_READ_TIME_MINUTES = 5
export const FEATURED_POSTS_SHOWN = 2
/** The featured endpoint answers at most this many posts, newest first. */
export const FEATURED_POSTS_LIMIT = 6

export const POST_STATUSES = ['draft', 'published'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

export const blogCategorySchema = z.object({ id: z.int(), name: z.string(), slug: z.string() })

export const blogAuthorSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  avatar: z.nullable(z.string()),
  bio: z.string(),
})
export type BlogAuthor = z.infer<typeof blogAuthorSchema>

/** A post as the list shows it: everything but the article body. */
export const blogPostSummarySchema = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  featured_image: z.nullable(z.string()),
  category: z.nullable(z.object({ name: z.string(), slug: z.string() })),
  author: z.nullable(blogAuthorSchema),
  /** Minutes; null when the author gave none (the screens then show the 5-minute default). */
  read_time: z.nullable(z.int()),
  published_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  views: z.int(),
  status: z.enum(POST_STATUSES),
  is_featured: z.boolean(),
  tags: z.array(z.string()),
})
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>

/** A post with its body: HTML sanitized on the server when stored, and again in the browser. */
export const blogPostSchema = z.extend(blogPostSummarySchema, { content: z.string() })
export type BlogPost = z.infer<typeof blogPostSchema>

export const blogCategoryListSchema = z.array(blogCategorySchema)
export const blogPostListSchema = paginated(blogPostSummarySchema)
export const featuredBlogPostsSchema = z.array(blogPostSummarySchema)

const optionalQueryText = z.optional(
  z.string().check(z.trim(), z.maxLength(200), z.refine(withoutNul, NUL_MESSAGE)),
)

export const blogPostsQuerySchema = z.object({
  /** A category slug. */
  category: optionalQueryText,
  search: optionalQueryText,
  page: pageNumber(),
})

export const blogPostParamSchema = z.object({
  /** The post's slug, or its numeric id. */
  slug: z.string().check(z.minLength(1), z.maxLength(200), z.refine(withoutNul, NUL_MESSAGE)),
})

export function readTimeMinutes(post: Pick<BlogPostSummary, 'read_time'>): number {
  return post.read_time && post.read_time > 0 ? post.read_time : DEFAULT_READ_TIME_MINUTES
}

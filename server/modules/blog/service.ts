import {
  blogMessages,
  FEATURED_POSTS_LIMIT,
  type BlogAuthor,
  type BlogPost,
  type BlogPostSummary,
} from '@/contract/blog'
import { readSlugOrId } from '@/contract/common'
import type { PageMeta } from '@/contract/page-meta'
import { site } from '@/contract/site'
import type { Executor } from '../../db/client'
import type { blogAuthors, blogCategories, blogPosts } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { pageSlug } from '../../lib/page-path'
import { loadPage, PAGE_SIZE } from '../../lib/pagination'
import type { SitemapEntry } from '../../plugins/seo'
import * as repo from './repository'
import type { ViewCounter } from './view-counter'
import { sanitizeArticleHtml } from '../../lib/article-html'

function toAuthor(author: repo.BlogAuthorRow | null): BlogAuthor | null {
  if (!author) return null
  return {
    first_name: author.firstName,
    last_name: author.lastName,
    full_name: `${author.firstName} ${author.lastName}`.trim(),
    email: author.email,
    avatar: author.avatar,
    bio: author.bio,
  }
}

export function toSummary({ post, category, author }: repo.PostSummaryRecord): BlogPostSummary {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    featured_image: post.featuredImage,
    category,
    author: toAuthor(author),
    read_time: post.readTime,
    published_at: post.publishedAt?.toISOString() ?? null,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
    views: post.views,
    status: post.status,
    is_featured: post.isFeatured,
    tags: post.tags,
  }
}

export function listCategories(db: Executor) {
  return repo.listCategories(db)
}

export async function listPosts(
  db: Executor,
  query: { category?: string | undefined; search?: string | undefined; page: number },
) {
  const filter = { categorySlug: query.category || undefined, search: query.search || undefined }
  return loadPage(query.page, PAGE_SIZE.blog, (window) => repo.listPosts(db, filter, window), toSummary)
}

export async function listFeaturedPosts(db: Executor): Promise<BlogPostSummary[]> {
  return (await repo.listFeaturedPosts(db, FEATURED_POSTS_LIMIT)).map(toSummary)
}

/**
 * A visible post encoded once (server/lib/data-versions.ts keeps it until the post's tables change),
 * split around its view count so each answer adds its own views without encoding the article again.
 */
export interface EncodedPost {
  id: number
  /** The stored total when it was read. */
  views: number
  /** The answer up to and including `"views":`, and what follows the figure. */
  head: string
  tail: string
}

/**
 * Reads and encodes a visible post, or null. `encode` is the route's response encoding; a `"views":`
 * inside a string is escaped (`\"views\":`), so the first one is the post's own field.
 */
export async function encodePost(
  db: Executor,
  slugOrId: string,
  encode: (post: BlogPost) => string,
): Promise<EncodedPost | null> {
  const record = await repo.findVisiblePost(db, readSlugOrId(slugOrId))
  if (!record) return null
  const body = encode({ ...toSummary(record), content: record.post.content })
  const field = '"views":'
  const at = body.indexOf(field)
  const figure = String(record.post.views)
  if (at < 0 || !body.startsWith(figure, at + field.length))
    throw new Error('encoded post has no views field')
  return {
    id: record.post.id,
    views: record.post.views,
    head: body.slice(0, at + field.length),
    tail: body.slice(at + field.length + figure.length),
  }
}

/**
 * Reading a post counts one view; the answer carries the new total (the stored one plus the views this
 * instance has counted and not written yet, view-counter.ts).
 */
export function answerPost(post: EncodedPost | null, views: ViewCounter): string {
  if (!post) throw notFound(blogMessages.postNotFound)
  return `${post.head}${post.views + views.count(post.id)}${post.tail}`
}

/** Title, description and image of /blog/<slug> for the app shell and link previews. */
export async function postPageMeta(db: Executor, pathname: string): Promise<PageMeta | null> {
  const slug = pageSlug(pathname, 'blog')
  if (slug === null) return null
  const record = await repo.findVisiblePost(db, readSlugOrId(slug))
  if (!record) return null
  return {
    title: `${record.post.title} | ${site.name} Blog`,
    description: record.post.excerpt || blogDescriptionFallback,
    ...(record.post.featuredImage ? { image: record.post.featuredImage } : {}),
  }
}

const blogDescriptionFallback = 'Articles on software, security, AI and product building.'

export async function sitemapEntries(db: Executor): Promise<SitemapEntry[]> {
  const rows = await repo.listVisibleSlugs(db)
  return rows.map((r) => ({ path: `/blog/${encodeURIComponent(r.slug)}`, lastModified: r.updatedAt }))
}

/** Slugs that name fixed routes under /api/public/blog/posts/ and so can never be a post's. */
export const RESERVED_POST_SLUGS = ['featured']

export function createCategory(db: Executor, values: typeof blogCategories.$inferInsert) {
  return repo.insertCategory(db, values)
}

export function createAuthor(db: Executor, values: typeof blogAuthors.$inferInsert) {
  return repo.insertAuthor(db, values)
}

/** Stores a post with its body sanitized; the one way content enters the table (seed, import). */
export async function createPost(db: Executor, values: typeof blogPosts.$inferInsert) {
  if (RESERVED_POST_SLUGS.includes(values.slug)) throw new Error(`reserved post slug: ${values.slug}`)
  return repo.insertPost(db, { ...values, content: sanitizeArticleHtml(values.content) })
}

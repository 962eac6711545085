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
 * Reading a post counts one view; the answer carries the new total (the stored one plus the views this
 * instance has counted and not written yet, view-counter.ts).
 */
export async function readPost(db: Executor, views: ViewCounter, slugOrId: string): Promise<BlogPost> {
  const record = await repo.findVisiblePost(db, readSlugOrId(slugOrId))
  if (!record) throw notFound(blogMessages.postNotFound)
  const unwritten = views.count(record.post.id)
  return { ...toSummary(record), views: record.post.views + unwritten, content: record.post.content }
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

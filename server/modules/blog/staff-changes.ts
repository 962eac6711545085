import type {
  BlogOptions,
  CreateBlogPostInput,
  StaffBlogPost,
  StaffBlogPostQuery,
  UpdateBlogPostInput,
} from '@/contract/blog-staff'
import { staffContentMessages } from '@/contract/content-staff'
import type { Database, Executor } from '../../db/client'
import { emptyAsNull, partialValues } from '../../db/rows'
import type { blogPosts } from '../../db/schema'
import { sanitizeArticleHtml } from '../../lib/article-html'
import { auditSnapshot, recordAudit, type AuditContext } from '../../lib/audit'
import { chooseSlug } from '../../lib/content-slug'
import { badRequest, notFound } from '../../lib/errors'
import { loadPage, type ListPage } from '../../lib/pagination'
import * as repo from './repository'
import { createPost, RESERVED_POST_SLUGS } from './service'

/*
 * The staff console's blog (issue 15). Posts enter and change only here, in `createPost` (seed) and in the
 * content import: every way sanitizes the body with the same `sanitizeArticleHtml`. Each write and its
 * audit entry are one transaction.
 */

export function toStaffPost({ post, category, author }: repo.PostRecord, now = new Date()): StaffBlogPost {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    featured_image: post.featuredImage,
    category_id: post.categoryId,
    category: category?.name ?? null,
    author_id: post.authorId,
    author: author ? `${author.firstName} ${author.lastName}`.trim() : null,
    read_time: post.readTime,
    status: post.status,
    is_scheduled: post.status === 'published' && post.publishedAt !== null && post.publishedAt > now,
    is_featured: post.isFeatured,
    tags: post.tags,
    views: post.views,
    published_at: post.publishedAt?.toISOString() ?? null,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
  }
}

export async function listStaffPosts(
  db: Executor,
  query: StaffBlogPostQuery,
  pageSize: number,
): Promise<ListPage<StaffBlogPost>> {
  const filter = { search: query.search, status: query.status, categoryId: query.category, sort: query.sort }
  return loadPage(
    query.page,
    pageSize,
    (window) => repo.listAllPosts(db, filter, window),
    (r) => toStaffPost(r),
  )
}

export async function staffPost(db: Executor, id: number): Promise<StaffBlogPost> {
  const record = await repo.findPostById(db, id)
  if (!record) throw notFound()
  return toStaffPost(record)
}

export async function blogOptions(db: Executor): Promise<BlogOptions> {
  const [categories, authors] = await Promise.all([repo.listCategories(db), repo.listAuthors(db)])
  return {
    categories,
    authors: authors.map((a) => ({ id: a.id, name: `${a.firstName} ${a.lastName}`.trim() })),
  }
}

async function checkReferences(db: Executor, input: UpdateBlogPostInput) {
  const fields: Record<string, string[]> = {}
  if (input.category_id != null && !(await repo.categoryExists(db, input.category_id)))
    fields.category_id = [staffContentMessages.unknownCategory]
  if (input.author_id != null && !(await repo.authorExists(db, input.author_id)))
    fields.author_id = [staffContentMessages.unknownAuthor]
  const [first] = Object.values(fields)
  if (first) throw badRequest(first[0] ?? 'Invalid input.', fields)
}

/** The columns an input sets; the body is sanitized on the way in. */
const postValues = partialValues<UpdateBlogPostInput, typeof blogPosts.$inferInsert>({
  title: 'title',
  excerpt: 'excerpt',
  content: ['content', sanitizeArticleHtml],
  featured_image: ['featuredImage', emptyAsNull],
  category_id: 'categoryId',
  author_id: 'authorId',
  read_time: 'readTime',
  is_featured: 'isFeatured',
  tags: ['tags', (tags) => [...new Set(tags)]],
  published_at: ['publishedAt', (at) => (at === null ? null : new Date(at))],
})

/** A new post, always a draft: publishing is its own step. */
export async function createStaffPost(
  db: Database,
  input: CreateBlogPostInput,
  audit: AuditContext,
): Promise<StaffBlogPost> {
  await checkReferences(db, input)
  const id = await db.transaction(async (tx) => {
    const slug = await chooseSlug({
      given: input.slug,
      title: input.title,
      reserved: RESERVED_POST_SLUGS,
      taken: (s) => repo.slugTaken(tx, s, null),
    })
    const row = await createPost(tx, {
      ...postValues(input),
      title: input.title,
      content: input.content,
      slug,
      status: 'draft',
    })
    await recordAudit(tx, audit, {
      action: 'blog_post.create',
      entityType: 'blog_post',
      entityId: row.id,
      summary: `Blog post "${row.title}" created as a draft`,
      before: null,
      after: auditSnapshot(row),
    })
    return row.id
  })
  return staffPost(db, id)
}

export async function updateStaffPost(
  db: Database,
  id: number,
  input: UpdateBlogPostInput,
  audit: AuditContext,
): Promise<StaffBlogPost> {
  await checkReferences(db, input)
  await db.transaction(async (tx) => {
    const current = await repo.findPostById(tx, id)
    if (!current) throw notFound()
    const values = postValues(input)
    if (input.slug !== undefined && (input.slug ?? '') !== current.post.slug) {
      values.slug = await chooseSlug({
        given: input.slug,
        title: input.title ?? current.post.title,
        reserved: RESERVED_POST_SLUGS,
        taken: (s) => repo.slugTaken(tx, s, id),
      })
    }
    const row = await repo.updatePost(tx, id, values)
    await recordAudit(tx, audit, {
      action: 'blog_post.update',
      entityType: 'blog_post',
      entityId: id,
      summary: `Blog post "${row?.title ?? current.post.title}" changed`,
      before: auditSnapshot(current.post),
      after: auditSnapshot(row),
    })
  })
  return staffPost(db, id)
}

/**
 * Publishing shows the post from its publication time (now when it has none, so a post scheduled for
 * later stays hidden until then); unpublishing makes it a draft again and keeps that time.
 */
export async function setPostPublished(
  db: Database,
  id: number,
  published: boolean,
  audit: AuditContext,
): Promise<StaffBlogPost> {
  await db.transaction(async (tx) => {
    const current = await repo.findPostById(tx, id)
    if (!current) throw notFound()
    const row = await repo.updatePost(tx, id, {
      status: published ? 'published' : 'draft',
      ...(published && !current.post.publishedAt ? { publishedAt: new Date() } : {}),
    })
    await recordAudit(tx, audit, {
      action: published ? 'blog_post.publish' : 'blog_post.unpublish',
      entityType: 'blog_post',
      entityId: id,
      summary: `Blog post "${current.post.title}" ${published ? 'published' : 'unpublished'}`,
      before: { status: current.post.status, published_at: current.post.publishedAt?.toISOString() ?? null },
      after: { status: row?.status, published_at: row?.publishedAt?.toISOString() ?? null },
    })
  })
  return staffPost(db, id)
}

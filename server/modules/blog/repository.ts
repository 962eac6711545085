import { and, asc, desc, eq, getTableColumns, gt, lte, min, sql, type SQL } from 'drizzle-orm'
import type { SlugOrId } from '@/contract/common'
import type { Executor } from '../../db/client'
import { listPage, rowExists, type RowPage, rowsById } from '../../db/rows'
import { blogAuthors, blogCategories, blogPosts } from '../../db/schema'
import { answerChangesAt, isRecording } from '../../lib/data-versions'
import { equalsIfGiven, searchIn } from '../../lib/search'
import type { PageWindow } from '../../lib/pagination'

export type BlogPostRow = typeof blogPosts.$inferSelect
export type BlogAuthorRow = typeof blogAuthors.$inferSelect

/** Visitors see published posts whose publication time has come. */
const visible = () => and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, sql`now()`))

const postColumns = {
  post: blogPosts,
  category: { name: blogCategories.name, slug: blogCategories.slug },
  author: blogAuthors,
}

/** A list shows no post's body: it is the largest column, and reading it for 20 posts was most of a list. */
const { content: _content, ...summaryPostColumns } = getTableColumns(blogPosts)
const summaryColumns = { ...postColumns, post: summaryPostColumns }

export interface PostRecord {
  post: BlogPostRow
  category: { name: string; slug: string } | null
  author: BlogAuthorRow | null
}
export type PostSummaryRecord = Omit<PostRecord, 'post'> & { post: Omit<BlogPostRow, 'content'> }

function postQuery(db: Executor) {
  return db
    .select(postColumns)
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .leftJoin(blogAuthors, eq(blogAuthors.id, blogPosts.authorId))
}

function summaryQuery(db: Executor) {
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .leftJoin(blogAuthors, eq(blogAuthors.id, blogPosts.authorId))
}

/**
 * A kept list (server/lib/data-versions.ts) goes stale when the next scheduled post's time comes, as
 * visibility changes then without a write. Asked only while a read is being kept.
 */
async function noteNextPublication(db: Executor): Promise<void> {
  if (!isRecording()) return
  const [next] = await db
    .select({ at: min(blogPosts.publishedAt) })
    .from(blogPosts)
    .where(and(eq(blogPosts.status, 'published'), gt(blogPosts.publishedAt, sql`now()`)))
  if (next?.at) answerChangesAt(next.at)
}

export async function listCategories(db: Executor) {
  return db
    .select({ id: blogCategories.id, name: blogCategories.name, slug: blogCategories.slug })
    .from(blogCategories)
    .orderBy(asc(blogCategories.name))
}

export interface PostFilter {
  categorySlug?: string | undefined
  search?: string | undefined
}

function filterConditions({ categorySlug, search }: PostFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [visible()]
  if (categorySlug) conditions.push(eq(blogCategories.slug, categorySlug))
  conditions.push(
    searchIn(search, [
      blogPosts.title,
      blogPosts.excerpt,
      blogPosts.content,
      sql`array_to_string(${blogPosts.tags}, ' ')`,
    ]),
  )
  return and(...conditions)
}

export async function listPosts(
  db: Executor,
  filter: PostFilter,
  window: PageWindow,
): Promise<RowPage<PostSummaryRecord>> {
  const where = filterConditions(filter)
  const [page] = await Promise.all([
    listPage(db, summaryQuery(db).$dynamic(), {
      where,
      orderBy: [desc(blogPosts.publishedAt), desc(blogPosts.id)],
      window,
    }),
    noteNextPublication(db),
  ])
  return page
}

export async function listFeaturedPosts(db: Executor, limit: number): Promise<PostSummaryRecord[]> {
  const [rows] = await Promise.all([
    summaryQuery(db)
      .where(and(visible(), eq(blogPosts.isFeatured, true)))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(limit),
    noteNextPublication(db),
  ])
  return rows
}

/** A visible post by slug, or by id when no post has that slug. */
export async function findVisiblePost(db: Executor, { slug, id }: SlugOrId): Promise<PostRecord | undefined> {
  const [bySlug] = await postQuery(db)
    .where(and(visible(), eq(blogPosts.slug, slug)))
    .limit(1)
  if (bySlug || id === null) return bySlug
  const [byId] = await postQuery(db)
    .where(and(visible(), eq(blogPosts.id, id)))
    .limit(1)
  return byId
}

/** Adds views counted in memory (post id → views), one statement for all posts, in one transaction. */
export async function addViews(db: Executor, views: ReadonlyMap<number, number>): Promise<void> {
  if (views.size === 0) return
  const rows = sql.join(
    [...views].map(([id, count]) => sql`(${id}::integer, ${count}::integer)`),
    sql`, `,
  )
  await db.execute(
    sql`update ${blogPosts} set views = ${blogPosts.views} + counted.views from (values ${rows}) as counted(id, views) where ${blogPosts.id} = counted.id`,
  )
}

export async function listVisibleSlugs(db: Executor) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(visible())
    .orderBy(desc(blogPosts.publishedAt))
}

export const { insert: insertCategory } = rowsById(blogCategories, 'category')
export const { insert: insertAuthor } = rowsById(blogAuthors, 'author')
export const { insert: insertPost, update: updatePost } = rowsById(blogPosts, 'post', 'updatedAt')

// ---------------------------------------------------------------------------------------------------
// The staff console: every post, drafts and scheduled ones too.

export interface StaffPostFilter {
  search?: string | undefined
  status?: BlogPostRow['status'] | undefined
  categoryId?: number | undefined
  sort: 'updated' | 'newest' | 'published' | 'title'
}

export async function listAllPosts(
  db: Executor,
  filter: StaffPostFilter,
  window: PageWindow,
): Promise<RowPage<PostRecord>> {
  const where = [
    equalsIfGiven(blogPosts.status, filter.status || undefined),
    equalsIfGiven(blogPosts.categoryId, filter.categoryId),
    searchIn(filter.search, [blogPosts.title, blogPosts.slug, blogPosts.excerpt]),
  ]
  const order = {
    updated: [desc(blogPosts.updatedAt), desc(blogPosts.id)],
    newest: [desc(blogPosts.createdAt), desc(blogPosts.id)],
    published: [sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id)],
    title: [asc(blogPosts.title), asc(blogPosts.id)],
  }[filter.sort]
  const [page] = await Promise.all([
    listPage(db, postQuery(db).$dynamic(), { where, orderBy: order, window }),
    noteNextPublication(db),
  ])
  return page
}

export async function findPostById(db: Executor, id: number): Promise<PostRecord | undefined> {
  const [row] = await postQuery(db).where(eq(blogPosts.id, id)).limit(1)
  return row
}

export async function slugTaken(db: Executor, slug: string, exceptId: number | null): Promise<boolean> {
  return rowExists(
    db,
    blogPosts,
    and(eq(blogPosts.slug, slug), exceptId === null ? undefined : sql`${blogPosts.id} <> ${exceptId}`),
  )
}

export async function listAuthors(db: Executor) {
  return db
    .select({ id: blogAuthors.id, firstName: blogAuthors.firstName, lastName: blogAuthors.lastName })
    .from(blogAuthors)
    .orderBy(asc(blogAuthors.firstName), asc(blogAuthors.lastName))
}

export async function categoryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(eq(blogCategories.id, id))
  return row !== undefined
}

export async function authorExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: blogAuthors.id }).from(blogAuthors).where(eq(blogAuthors.id, id))
  return row !== undefined
}

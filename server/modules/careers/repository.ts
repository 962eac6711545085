import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { SlugOrId } from '@/contract/common'
import type { Executor } from '../../db/client'
import { listPage } from '../../db/rows'
import { jobApplications, jobs } from '../../db/schema'
import { likePattern } from '../../lib/search'

export type JobRow = typeof jobs.$inferSelect

export interface JobFilter {
  department?: string | undefined
  location?: string | undefined
  search?: string | undefined
}

function filterConditions({ department, location, search }: JobFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(jobs.isActive, true)]
  if (department) conditions.push(eq(sql`lower(${jobs.department})`, department.toLowerCase()))
  if (location) conditions.push(ilike(jobs.location, likePattern(location)))
  if (search) {
    const pattern = likePattern(search)
    conditions.push(
      or(
        ilike(jobs.title, pattern),
        ilike(jobs.description, pattern),
        ilike(jobs.department, pattern),
        ilike(jobs.category, pattern),
        ilike(jobs.location, pattern),
        ilike(sql`${jobs.skills}::text`, pattern),
      ),
    )
  }
  return and(...conditions)
}

/** Featured jobs first, then the newest. */
const listOrder = [desc(jobs.isFeatured), desc(jobs.createdAt), desc(jobs.id)]

export async function listActiveJobs(
  db: Executor,
  filter: JobFilter,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: JobRow[] }> {
  const where = filterConditions(filter)
  return listPage(db, db.select().from(jobs).$dynamic(), { where, orderBy: listOrder, window })
}

export async function listFeaturedJobs(db: Executor, limit: number): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.isActive, true), eq(jobs.isFeatured, true)))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit)
}

/** An active job by slug, or by id when no job has that slug. */
export async function findActiveJob(db: Executor, { slug, id }: SlugOrId): Promise<JobRow | undefined> {
  const [bySlug] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.isActive, true), eq(jobs.slug, slug)))
    .limit(1)
  if (bySlug || id === null) return bySlug
  const [byId] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.isActive, true), eq(jobs.id, id)))
    .limit(1)
  return byId
}

export async function listActiveSlugs(db: Executor) {
  return db
    .select({ id: jobs.id, slug: jobs.slug, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(eq(jobs.isActive, true))
    .orderBy(...listOrder)
}

export async function insertApplication(db: Executor, values: typeof jobApplications.$inferInsert) {
  const [row] = await db.insert(jobApplications).values(values).returning()
  if (!row) throw new Error('insert returned no application')
  return row
}

export async function countApplication(db: Executor, jobId: number) {
  await db
    .update(jobs)
    .set({ applicationsCount: sql`${jobs.applicationsCount} + 1` })
    .where(eq(jobs.id, jobId))
}

export async function insertJob(db: Executor, values: typeof jobs.$inferInsert) {
  const [row] = await db.insert(jobs).values(values).returning()
  if (!row) throw new Error('insert returned no job')
  return row
}

// ---------------------------------------------------------------------------------------------------
// The staff console: every job, inactive ones too.

export interface StaffJobFilter {
  search?: string | undefined
  active?: boolean | undefined
  sort: 'updated' | 'newest' | 'title' | 'deadline'
}

export async function listAllJobs(
  db: Executor,
  filter: StaffJobFilter,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: JobRow[] }> {
  const conditions: (SQL | undefined)[] = []
  if (filter.active !== undefined) conditions.push(eq(jobs.isActive, filter.active))
  if (filter.search) {
    const pattern = likePattern(filter.search)
    conditions.push(
      or(
        ilike(jobs.title, pattern),
        ilike(jobs.slug, pattern),
        ilike(jobs.department, pattern),
        ilike(jobs.location, pattern),
      ),
    )
  }
  const where = and(...conditions)
  const order = {
    updated: [desc(jobs.updatedAt), desc(jobs.id)],
    newest: [desc(jobs.createdAt), desc(jobs.id)],
    title: [asc(jobs.title), asc(jobs.id)],
    deadline: [sql`${jobs.applicationDeadline} asc nulls last`, desc(jobs.id)],
  }[filter.sort]
  return listPage(db, db.select().from(jobs).$dynamic(), { where, orderBy: order, window })
}

export async function findJobById(db: Executor, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1)
  return row
}

export async function jobSlugTaken(db: Executor, slug: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.slug, slug), exceptId === null ? undefined : sql`${jobs.id} <> ${exceptId}`))
    .limit(1)
  return row !== undefined
}

export async function updateJob(db: Executor, id: number, values: Partial<typeof jobs.$inferInsert>) {
  const [row] = await db
    .update(jobs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(jobs.id, id))
    .returning()
  return row
}

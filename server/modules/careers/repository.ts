import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import type { SlugOrId } from '@/contract/common'
import type { Executor } from '../../db/client'
import { allRows, firstRow, listPage, rowExists, rowsById, type RowPage } from '../../db/rows'
import { jobApplications, jobs } from '../../db/schema'
import { equalsIfGiven, likePattern, searchIn } from '../../lib/search'
import type { PageWindow } from '../../lib/pagination'

export type JobRow = typeof jobs.$inferSelect

export const jobRows = rowsById(jobs, 'job', 'updatedAt')
export const { insert: insertJob } = jobRows

export const { insert: insertApplication } = rowsById(jobApplications, 'application')

export interface JobFilter {
  department?: string | undefined
  location?: string | undefined
  search?: string | undefined
}

function filterConditions({ department, location, search }: JobFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(jobs.isActive, true)]
  if (department) conditions.push(eq(sql`lower(${jobs.department})`, department.toLowerCase()))
  if (location) conditions.push(ilike(jobs.location, likePattern(location)))
  conditions.push(
    searchIn(search, [
      jobs.title,
      jobs.description,
      jobs.department,
      jobs.category,
      jobs.location,
      sql`${jobs.skills}::text`,
    ]),
  )
  return and(...conditions)
}

/** Featured jobs first, then the newest. */
const listOrder = [desc(jobs.isFeatured), desc(jobs.createdAt), desc(jobs.id)]

export async function listActiveJobs(
  db: Executor,
  filter: JobFilter,
  window: PageWindow,
): Promise<RowPage<JobRow>> {
  const where = filterConditions(filter)
  return listPage(db, db.select().from(jobs).$dynamic(), { where, orderBy: listOrder, window })
}

export async function listFeaturedJobs(db: Executor, limit: number): Promise<JobRow[]> {
  return allRows(
    db,
    jobs,
    and(eq(jobs.isActive, true), eq(jobs.isFeatured, true)),
    [desc(jobs.createdAt), desc(jobs.id)],
    limit,
  )
}

/** An active job by slug, or by id when no job has that slug. */
export async function findActiveJob(db: Executor, { slug, id }: SlugOrId): Promise<JobRow | undefined> {
  const [bySlug] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.isActive, true), eq(jobs.slug, slug)))
    .limit(1)
  if (bySlug || id === null) return bySlug
  return firstRow(db, jobs, and(eq(jobs.isActive, true), eq(jobs.id, id)))
}

export async function listActiveSlugs(db: Executor) {
  return db
    .select({ id: jobs.id, slug: jobs.slug, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(eq(jobs.isActive, true))
    .orderBy(...listOrder)
}

export async function countApplication(db: Executor, jobId: number) {
  await db
    .update(jobs)
    .set({ applicationsCount: sql`${jobs.applicationsCount} + 1` })
    .where(eq(jobs.id, jobId))
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
  window: PageWindow,
): Promise<RowPage<JobRow>> {
  const where = [
    equalsIfGiven(jobs.isActive, filter.active),
    searchIn(filter.search, [jobs.title, jobs.slug, jobs.department, jobs.location]),
  ]
  const order = {
    updated: [desc(jobs.updatedAt), desc(jobs.id)],
    newest: [desc(jobs.createdAt), desc(jobs.id)],
    title: [asc(jobs.title), asc(jobs.id)],
    deadline: [sql`${jobs.applicationDeadline} asc nulls last`, desc(jobs.id)],
  }[filter.sort]
  return listPage(db, db.select().from(jobs).$dynamic(), { where, orderBy: order, window })
}

export async function jobSlugTaken(db: Executor, slug: string, exceptId: number | null): Promise<boolean> {
  return rowExists(
    db,
    jobs,
    and(eq(jobs.slug, slug), exceptId === null ? undefined : sql`${jobs.id} <> ${exceptId}`),
  )
}

import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { StaffProjectQuery } from '@/contract/portal-staff'
import type { Executor } from '../../db/client'
import { firstRow, insertRow, listPage, rowExists, rowsById } from '../../db/rows'
import {
  clients,
  portalMilestones,
  portalProjectAccess,
  portalProjectLinks,
  portalProjectMembers,
  portalProjects,
} from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'
import { searchIn } from '../../lib/search'
import { projectLinks, projectMilestones, projectSharedWith } from './repository'

/* The console's queries on client projects (issue 15); the rules are in staff-changes.ts. */

export type ProjectRow = typeof portalProjects.$inferSelect
export type ProjectValues = Partial<typeof portalProjects.$inferInsert>
export type MilestoneValues = Partial<typeof portalMilestones.$inferInsert>

/** Paid minor units per project: the sum of its paid milestones. */
export async function paidMinorOf(db: Executor, projectIds: number[]) {
  if (projectIds.length === 0) return new Map<number, number>()
  const rows = await db
    .select({
      projectId: portalMilestones.projectId,
      paid: sql<number>`coalesce(sum(${portalMilestones.amountMinor}) filter (where ${portalMilestones.status} = 'paid'), 0)`.mapWith(
        Number,
      ),
    })
    .from(portalMilestones)
    .where(inArray(portalMilestones.projectId, projectIds))
    .groupBy(portalMilestones.projectId)
  return new Map(rows.map((r) => [r.projectId, r.paid]))
}

/** The clients with access to each project, by company name. */
export async function clientsOf(db: Executor, projectIds: number[]) {
  const map = new Map<number, { id: number; company_name: string }[]>()
  if (projectIds.length === 0) return map
  const rows = await db
    .select({ projectId: portalProjectAccess.projectId, id: clients.id, companyName: clients.companyName })
    .from(portalProjectAccess)
    .innerJoin(clients, eq(clients.id, portalProjectAccess.clientId))
    .where(inArray(portalProjectAccess.projectId, projectIds))
    .orderBy(asc(clients.companyName))
  for (const row of rows) {
    const list = map.get(row.projectId) ?? []
    list.push({ id: row.id, company_name: row.companyName })
    map.set(row.projectId, list)
  }
  return map
}

export async function listProjects(db: Executor, query: Omit<StaffProjectQuery, 'page'>, window: PageWindow) {
  const parts: (SQL | undefined)[] = []
  if (query.status) parts.push(eq(portalProjects.status, query.status))
  parts.push(searchIn(query.search, [portalProjects.name, portalProjects.key, portalProjects.description]))
  if (query.client !== undefined) parts.push(projectSharedWith(db, query.client, portalProjects.id))
  const order =
    query.sort === 'name'
      ? [asc(portalProjects.name), asc(portalProjects.id)]
      : query.sort === 'newest'
        ? [desc(portalProjects.createdAt), desc(portalProjects.id)]
        : query.sort === 'end_date'
          ? [sql`${portalProjects.endDate} asc nulls last`, asc(portalProjects.id)]
          : [desc(portalProjects.updatedAt), desc(portalProjects.id)]
  return listPage(db, db.select().from(portalProjects).$dynamic(), { where: parts, orderBy: order, window })
}

export async function findProject(db: Executor, projectId: number): Promise<ProjectRow | undefined> {
  return firstRow(db, portalProjects, eq(portalProjects.id, projectId))
}

export async function projectExists(db: Executor, projectId: number): Promise<boolean> {
  return rowExists(db, portalProjects, eq(portalProjects.id, projectId))
}

/** The project's milestones, links and team, in the order the console shows them. */
export async function projectChildren(db: Executor, projectId: number) {
  const [milestones, links, members] = await Promise.all([
    projectMilestones(db, projectId),
    projectLinks(db, projectId),
    db
      .select()
      .from(portalProjectMembers)
      .where(eq(portalProjectMembers.projectId, projectId))
      .orderBy(asc(portalProjectMembers.id)),
  ])
  return { milestones, links, members }
}

/** The id of the project holding `key`, if any. */
export async function projectIdByKey(db: Executor, key: string): Promise<number | undefined> {
  const [taken] = await db
    .select({ id: portalProjects.id })
    .from(portalProjects)
    .where(eq(portalProjects.key, key))
    .limit(1)
  return taken?.id
}

/** How many of `clientIds` name a client. */
export async function countKnownClients(db: Executor, clientIds: number[]): Promise<number> {
  const found = await db.select({ id: clients.id }).from(clients).where(inArray(clients.id, clientIds))
  return found.length
}

export async function replaceClients(tx: Executor, projectId: number, clientIds: number[]) {
  await tx.delete(portalProjectAccess).where(eq(portalProjectAccess.projectId, projectId))
  const unique = [...new Set(clientIds)]
  if (unique.length > 0)
    await tx.insert(portalProjectAccess).values(unique.map((clientId) => ({ clientId, projectId })))
}

export async function insertProject(tx: Executor, values: typeof portalProjects.$inferInsert) {
  return insertRow(tx, portalProjects, values, 'project not created')
}

export async function updateProject(tx: Executor, projectId: number, values: ProjectValues) {
  await tx
    .update(portalProjects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(portalProjects.id, projectId))
}

/** Marks the project changed (its milestones, links or team changed). */
export async function touchProject(tx: Executor, projectId: number) {
  await tx.update(portalProjects).set({ updatedAt: new Date() }).where(eq(portalProjects.id, projectId))
}

/** The highest `order` among a project's milestones or links; 0 while it has none. */
async function lastOrder(
  tx: Executor,
  table: typeof portalMilestones | typeof portalProjectLinks,
  projectId: number,
): Promise<number> {
  const [last] = await tx
    .select({ order: sql<number>`coalesce(max(${table.order}), 0)`.mapWith(Number) })
    .from(table)
    .where(eq(table.projectId, projectId))
  return last?.order ?? 0
}

export const lastMilestoneOrder = (tx: Executor, projectId: number) =>
  lastOrder(tx, portalMilestones, projectId)
export const lastLinkOrder = (tx: Executor, projectId: number) => lastOrder(tx, portalProjectLinks, projectId)

export const {
  insert: insertMilestone,
  find: findMilestone,
  update: updateMilestone,
  remove: deleteMilestone,
} = rowsById(portalMilestones, 'milestone')
export const { insert: insertLink, find: findLink, remove: deleteLink } = rowsById(portalProjectLinks, 'link')
export const {
  insert: insertMember,
  find: findMember,
  remove: deleteMember,
} = rowsById(portalProjectMembers, 'member')

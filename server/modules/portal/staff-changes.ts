import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { fromMinorUnits, toMinorUnits } from '@/contract/common'
import {
  STAFF_PROJECTS_PAGE_SIZE,
  staffProjectMessages,
  type CreateMilestoneInput,
  type CreateProjectLinkInput,
  type CreateProjectMemberInput,
  type CreateStaffProjectInput,
  type StaffProjectDetail,
  type StaffProjectQuery,
  type StaffProjectRow,
  type UpdateMilestoneInput,
  type UpdateStaffProjectInput,
} from '@/contract/portal-staff'
import type { Database, Executor } from '../../db/client'
import { emptyAsNull, partialValues } from '../../db/rows'
import {
  clients,
  portalMilestones,
  portalProjectAccess,
  portalProjectLinks,
  portalProjectMembers,
  portalProjects,
} from '../../db/schema'
import { auditSnapshot, recordAudit, type AuditContext } from '../../lib/audit'
import { badRequest, notFound } from '../../lib/errors'
import { pageWindow, type ListPage } from '../../lib/pagination'
import { likePattern } from '../../lib/search'

/*
 * Staff changes to client projects (issue 15). The client's dashboard and project page read the same
 * tables (service.ts), so each change shows there at once. Every change is audited in its transaction.
 */

type ProjectRow = typeof portalProjects.$inferSelect

async function paidMinorOf(db: Executor, projectIds: number[]) {
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

async function clientsOf(db: Executor, projectIds: number[]) {
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

function toRow(
  project: ProjectRow,
  paid: Map<number, number>,
  owners: Map<number, { id: number; company_name: string }[]>,
): StaffProjectRow {
  return {
    id: project.id,
    name: project.name,
    key: project.key,
    status: project.status,
    priority: project.priority,
    progress: project.progress,
    total_budget: fromMinorUnits(project.totalBudgetMinor),
    amount_paid: fromMinorUnits(paid.get(project.id) ?? 0),
    start_date: project.startDate,
    end_date: project.endDate,
    clients: owners.get(project.id) ?? [],
    updated_at: project.updatedAt.toISOString(),
  }
}

export async function listStaffProjects(
  db: Executor,
  query: Omit<StaffProjectQuery, 'page'> & { page: number },
  pageSize: number = STAFF_PROJECTS_PAGE_SIZE,
): Promise<ListPage<StaffProjectRow>> {
  const parts: SQL[] = []
  if (query.status) parts.push(eq(portalProjects.status, query.status))
  if (query.search) {
    const pattern = likePattern(query.search)
    const match = or(
      ilike(portalProjects.name, pattern),
      ilike(portalProjects.key, pattern),
      ilike(portalProjects.description, pattern),
    )
    if (match) parts.push(match)
  }
  if (query.client !== undefined) {
    parts.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(portalProjectAccess)
          .where(
            and(
              eq(portalProjectAccess.projectId, portalProjects.id),
              eq(portalProjectAccess.clientId, query.client),
            ),
          ),
      ),
    )
  }
  const where = and(...parts)
  const order =
    query.sort === 'name'
      ? [asc(portalProjects.name), asc(portalProjects.id)]
      : query.sort === 'newest'
        ? [desc(portalProjects.createdAt), desc(portalProjects.id)]
        : query.sort === 'end_date'
          ? [sql`${portalProjects.endDate} asc nulls last`, asc(portalProjects.id)]
          : [desc(portalProjects.updatedAt), desc(portalProjects.id)]
  const [total] = await db.select({ value: count() }).from(portalProjects).where(where)
  const window = pageWindow(query.page, pageSize)
  const rows = await db
    .select()
    .from(portalProjects)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset)
  const ids = rows.map((r) => r.id)
  const [paid, owners] = await Promise.all([paidMinorOf(db, ids), clientsOf(db, ids)])
  return {
    page: query.page,
    pageSize,
    count: total?.value ?? 0,
    results: rows.map((r) => toRow(r, paid, owners)),
  }
}

export async function staffProjectDetail(db: Executor, projectId: number): Promise<StaffProjectDetail> {
  const [project] = await db.select().from(portalProjects).where(eq(portalProjects.id, projectId)).limit(1)
  if (!project) throw notFound()
  const [paid, owners, milestones, links, members] = await Promise.all([
    paidMinorOf(db, [projectId]),
    clientsOf(db, [projectId]),
    db
      .select()
      .from(portalMilestones)
      .where(eq(portalMilestones.projectId, projectId))
      .orderBy(asc(portalMilestones.order), asc(portalMilestones.id)),
    db
      .select()
      .from(portalProjectLinks)
      .where(eq(portalProjectLinks.projectId, projectId))
      .orderBy(asc(portalProjectLinks.order), asc(portalProjectLinks.id)),
    db
      .select()
      .from(portalProjectMembers)
      .where(eq(portalProjectMembers.projectId, projectId))
      .orderBy(asc(portalProjectMembers.id)),
  ])
  return {
    ...toRow(project, paid, owners),
    description: project.description,
    website_url: project.websiteUrl,
    dashboard_url: project.dashboardUrl,
    milestones: milestones.map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      amount: fromMinorUnits(m.amountMinor),
      status: m.status,
      due_date: m.dueDate,
      order: m.order,
    })),
    links: links.map((l) => ({ id: l.id, link_type: l.linkType, url: l.url, title: l.title })),
    members: members.map((m) => ({ id: m.id, full_name: m.fullName, role: m.role })),
  }
}

const projectValues = partialValues<UpdateStaffProjectInput, typeof portalProjects.$inferInsert>({
  name: 'name',
  key: ['key', emptyAsNull],
  description: 'description',
  status: 'status',
  priority: 'priority',
  start_date: 'startDate',
  end_date: 'endDate',
  progress: 'progress',
  total_budget: ['totalBudgetMinor', toMinorUnits],
  website_url: ['websiteUrl', emptyAsNull],
  dashboard_url: ['dashboardUrl', emptyAsNull],
})

const milestoneValues = partialValues<UpdateMilestoneInput, typeof portalMilestones.$inferInsert>({
  title: 'title',
  description: 'description',
  amount: ['amountMinor', toMinorUnits],
  due_date: 'dueDate',
  order: 'order',
  status: 'status',
})

async function checkProject(db: Executor, input: UpdateStaffProjectInput, current?: ProjectRow) {
  const start = input.start_date !== undefined ? input.start_date : (current?.startDate ?? null)
  const end = input.end_date !== undefined ? input.end_date : (current?.endDate ?? null)
  if (start && end && end < start)
    throw badRequest(staffProjectMessages.endBeforeStart, { end_date: [staffProjectMessages.endBeforeStart] })
  if (input.key) {
    const [taken] = await db
      .select({ id: portalProjects.id })
      .from(portalProjects)
      .where(eq(portalProjects.key, input.key))
      .limit(1)
    if (taken && taken.id !== current?.id)
      throw badRequest(staffProjectMessages.keyTaken, { key: [staffProjectMessages.keyTaken] })
  }
  if (input.clients && input.clients.length > 0) {
    const found = await db.select({ id: clients.id }).from(clients).where(inArray(clients.id, input.clients))
    if (found.length !== new Set(input.clients).size)
      throw badRequest(staffProjectMessages.unknownClient, { clients: [staffProjectMessages.unknownClient] })
  }
}

async function replaceClients(tx: Executor, projectId: number, clientIds: number[]) {
  await tx.delete(portalProjectAccess).where(eq(portalProjectAccess.projectId, projectId))
  const unique = [...new Set(clientIds)]
  if (unique.length > 0)
    await tx.insert(portalProjectAccess).values(unique.map((clientId) => ({ clientId, projectId })))
}

export async function createStaffProject(
  db: Database,
  input: CreateStaffProjectInput,
  audit: AuditContext,
): Promise<StaffProjectDetail> {
  await checkProject(db, input)
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(portalProjects)
      .values({ ...projectValues(input), name: input.name })
      .returning()
    if (!row) throw new Error('project not created')
    await replaceClients(tx, row.id, input.clients)
    await recordAudit(tx, audit, {
      action: 'project.create',
      entityType: 'project',
      entityId: row.id,
      summary: `Project "${row.name}" created`,
      before: null,
      after: { ...auditSnapshot(row), clients: input.clients },
    })
    return row.id
  })
  return staffProjectDetail(db, id)
}

export async function updateStaffProject(
  db: Database,
  projectId: number,
  input: UpdateStaffProjectInput,
  audit: AuditContext,
): Promise<StaffProjectDetail> {
  const before = await staffProjectDetail(db, projectId)
  const [current] = await db.select().from(portalProjects).where(eq(portalProjects.id, projectId)).limit(1)
  if (!current) throw notFound()
  await checkProject(db, input, current)
  await db.transaction(async (tx) => {
    await tx
      .update(portalProjects)
      .set({ ...projectValues(input), updatedAt: new Date() })
      .where(eq(portalProjects.id, projectId))
    if (input.clients) await replaceClients(tx, projectId, input.clients)
    const after = await staffProjectDetail(tx, projectId)
    await recordAudit(tx, audit, {
      action: 'project.update',
      entityType: 'project',
      entityId: projectId,
      summary: `Project "${after.name}" changed`,
      before: auditSnapshot(withoutChildren(before)),
      after: auditSnapshot(withoutChildren(after)),
    })
  })
  return staffProjectDetail(db, projectId)
}

const withoutChildren = ({ milestones: _m, links: _l, members: _p, ...rest }: StaffProjectDetail) => rest

async function touch(tx: Executor, projectId: number) {
  await tx.update(portalProjects).set({ updatedAt: new Date() }).where(eq(portalProjects.id, projectId))
}

async function projectExists(db: Executor, projectId: number) {
  const [row] = await db
    .select({ id: portalProjects.id })
    .from(portalProjects)
    .where(eq(portalProjects.id, projectId))
    .limit(1)
  if (!row) throw notFound()
}

export async function addMilestone(
  db: Database,
  projectId: number,
  input: CreateMilestoneInput,
  audit: AuditContext,
): Promise<StaffProjectDetail> {
  await projectExists(db, projectId)
  await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ order: sql<number>`coalesce(max(${portalMilestones.order}), 0)`.mapWith(Number) })
      .from(portalMilestones)
      .where(eq(portalMilestones.projectId, projectId))
    const [row] = await tx
      .insert(portalMilestones)
      .values({
        projectId,
        title: input.title,
        description: input.description,
        amountMinor: toMinorUnits(input.amount),
        status: input.status,
        dueDate: input.due_date,
        order: input.order ?? (last?.order ?? 0) + 1,
        paidAt: input.status === 'paid' ? new Date() : null,
      })
      .returning()
    await touch(tx, projectId)
    await recordAudit(tx, audit, {
      action: 'milestone.create',
      entityType: 'milestone',
      entityId: row?.id ?? null,
      summary: `Milestone "${input.title}" added to project #${projectId}`,
      before: null,
      after: auditSnapshot(row),
    })
  })
  return staffProjectDetail(db, projectId)
}

async function findMilestone(db: Executor, milestoneId: number) {
  const [row] = await db.select().from(portalMilestones).where(eq(portalMilestones.id, milestoneId)).limit(1)
  if (!row) throw notFound()
  return row
}

export async function updateMilestone(
  db: Database,
  milestoneId: number,
  input: UpdateMilestoneInput,
  audit: AuditContext,
): Promise<StaffProjectDetail> {
  const current = await findMilestone(db, milestoneId)
  const values = milestoneValues(input)
  if (input.status !== undefined) {
    if (input.status === 'paid' && current.status !== 'paid') values.paidAt = new Date()
    if (input.status !== 'paid') values.paidAt = null
  }
  // An empty change (PATCH {}) changes nothing and is not audited.
  if (Object.keys(values).length === 0) return staffProjectDetail(db, current.projectId)
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(portalMilestones)
      .set(values)
      .where(eq(portalMilestones.id, milestoneId))
      .returning()
    await touch(tx, current.projectId)
    await recordAudit(tx, audit, {
      action: 'milestone.update',
      entityType: 'milestone',
      entityId: milestoneId,
      summary: `Milestone "${row?.title ?? current.title}" changed`,
      before: auditSnapshot(current),
      after: auditSnapshot(row),
    })
  })
  return staffProjectDetail(db, current.projectId)
}

export async function deleteMilestone(db: Database, milestoneId: number, audit: AuditContext) {
  const current = await findMilestone(db, milestoneId)
  await db.transaction(async (tx) => {
    await tx.delete(portalMilestones).where(eq(portalMilestones.id, milestoneId))
    await touch(tx, current.projectId)
    await recordAudit(tx, audit, {
      action: 'milestone.delete',
      entityType: 'milestone',
      entityId: milestoneId,
      summary: `Milestone "${current.title}" removed`,
      before: auditSnapshot(current),
      after: null,
    })
  })
  return staffProjectDetail(db, current.projectId)
}

export async function addProjectLink(
  db: Database,
  projectId: number,
  input: CreateProjectLinkInput,
  audit: AuditContext,
) {
  await projectExists(db, projectId)
  await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ order: sql<number>`coalesce(max(${portalProjectLinks.order}), 0)`.mapWith(Number) })
      .from(portalProjectLinks)
      .where(eq(portalProjectLinks.projectId, projectId))
    const [row] = await tx
      .insert(portalProjectLinks)
      .values({
        projectId,
        linkType: input.link_type,
        url: input.url,
        title: input.title,
        order: (last?.order ?? 0) + 1,
      })
      .returning()
    await touch(tx, projectId)
    await recordAudit(tx, audit, {
      action: 'project_link.create',
      entityType: 'project_link',
      entityId: row?.id ?? null,
      summary: `Link ${input.url} added to project #${projectId}`,
      before: null,
      after: auditSnapshot(row),
    })
  })
  return staffProjectDetail(db, projectId)
}

export async function deleteProjectLink(db: Database, linkId: number, audit: AuditContext) {
  const [current] = await db
    .select()
    .from(portalProjectLinks)
    .where(eq(portalProjectLinks.id, linkId))
    .limit(1)
  if (!current) throw notFound()
  await db.transaction(async (tx) => {
    await tx.delete(portalProjectLinks).where(eq(portalProjectLinks.id, linkId))
    await touch(tx, current.projectId)
    await recordAudit(tx, audit, {
      action: 'project_link.delete',
      entityType: 'project_link',
      entityId: linkId,
      summary: `Link ${current.url} removed`,
      before: auditSnapshot(current),
      after: null,
    })
  })
  return staffProjectDetail(db, current.projectId)
}

export async function addProjectMember(
  db: Database,
  projectId: number,
  input: CreateProjectMemberInput,
  audit: AuditContext,
) {
  await projectExists(db, projectId)
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(portalProjectMembers)
      .values({ projectId, fullName: input.full_name, role: input.role })
      .returning()
    await touch(tx, projectId)
    await recordAudit(tx, audit, {
      action: 'project_member.create',
      entityType: 'project_member',
      entityId: row?.id ?? null,
      summary: `${input.full_name} joined the team of project #${projectId}`,
      before: null,
      after: auditSnapshot(row),
    })
  })
  return staffProjectDetail(db, projectId)
}

export async function deleteProjectMember(db: Database, memberId: number, audit: AuditContext) {
  const [current] = await db
    .select()
    .from(portalProjectMembers)
    .where(eq(portalProjectMembers.id, memberId))
    .limit(1)
  if (!current) throw notFound()
  await db.transaction(async (tx) => {
    await tx.delete(portalProjectMembers).where(eq(portalProjectMembers.id, memberId))
    await touch(tx, current.projectId)
    await recordAudit(tx, audit, {
      action: 'project_member.delete',
      entityType: 'project_member',
      entityId: memberId,
      summary: `${current.fullName} left the team of project #${current.projectId}`,
      before: auditSnapshot(current),
      after: null,
    })
  })
  return staffProjectDetail(db, current.projectId)
}

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
import type { portalMilestones, portalProjects } from '../../db/schema'
import { auditSnapshot, recordAudit, type AuditContext, type AuditEntry } from '../../lib/audit'
import { badRequest, notFound } from '../../lib/errors'
import { pageWindow, type ListPage } from '../../lib/pagination'
import { toMilestone } from './service'
import * as repo from './staff-repository'
import type { ProjectRow } from './staff-repository'

/*
 * Staff changes to client projects (issue 15). The client's dashboard and project page read the same
 * tables (service.ts), so each change shows there at once. Every change is audited in its transaction.
 * The queries are in staff-repository.ts.
 */

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
  const { rows, count } = await repo.listProjects(db, query, pageWindow(query.page, pageSize))
  const ids = rows.map((r) => r.id)
  const [paid, owners] = await Promise.all([repo.paidMinorOf(db, ids), repo.clientsOf(db, ids)])
  return { page: query.page, pageSize, count, results: rows.map((r) => toRow(r, paid, owners)) }
}

export async function staffProjectDetail(db: Executor, projectId: number): Promise<StaffProjectDetail> {
  const project = await repo.findProject(db, projectId)
  if (!project) throw notFound()
  const [paid, owners, { milestones, links, members }] = await Promise.all([
    repo.paidMinorOf(db, [projectId]),
    repo.clientsOf(db, [projectId]),
    repo.projectChildren(db, projectId),
  ])
  return {
    ...toRow(project, paid, owners),
    description: project.description,
    website_url: project.websiteUrl,
    dashboard_url: project.dashboardUrl,
    milestones: milestones.map(toMilestone),
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
    const taken = await repo.projectIdByKey(db, input.key)
    if (taken !== undefined && taken !== current?.id)
      throw badRequest(staffProjectMessages.keyTaken, { key: [staffProjectMessages.keyTaken] })
  }
  if (input.clients && input.clients.length > 0) {
    if ((await repo.countKnownClients(db, input.clients)) !== new Set(input.clients).size)
      throw badRequest(staffProjectMessages.unknownClient, { clients: [staffProjectMessages.unknownClient] })
  }
}

export async function createStaffProject(
  db: Database,
  input: CreateStaffProjectInput,
  audit: AuditContext,
): Promise<StaffProjectDetail> {
  await checkProject(db, input)
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertProject(tx, { ...projectValues(input), name: input.name })
    await repo.replaceClients(tx, row.id, input.clients)
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
  const current = await repo.findProject(db, projectId)
  if (!current) throw notFound()
  await checkProject(db, input, current)
  await db.transaction(async (tx) => {
    await repo.updateProject(tx, projectId, projectValues(input))
    if (input.clients) await repo.replaceClients(tx, projectId, input.clients)
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

async function projectExists(db: Executor, projectId: number) {
  if (!(await repo.projectExists(db, projectId))) throw notFound()
}

/**
 * One change to a project's milestones, links or team: the write (which answers its audit entry), the
 * project marked changed and the entry recorded, in one transaction; answers the project as the console
 * shows it.
 */
async function changeProjectPart(
  db: Database,
  projectId: number,
  audit: AuditContext,
  write: (tx: Executor) => Promise<AuditEntry>,
): Promise<StaffProjectDetail> {
  await db.transaction(async (tx) => {
    const entry = await write(tx)
    await repo.touchProject(tx, projectId)
    await recordAudit(tx, audit, entry)
  })
  return staffProjectDetail(db, projectId)
}

type PartAudit = Pick<AuditEntry, 'action' | 'entityType' | 'summary'>

/** Adds a milestone, link or member to a project that exists (404 otherwise). */
async function addProjectPart(
  db: Database,
  projectId: number,
  audit: AuditContext,
  insert: (tx: Executor) => Promise<{ id: number } | undefined>,
  entry: PartAudit,
): Promise<StaffProjectDetail> {
  await projectExists(db, projectId)
  return changeProjectPart(db, projectId, audit, async (tx) => {
    const row = await insert(tx)
    return { ...entry, entityId: row?.id ?? null, before: null, after: auditSnapshot(row) }
  })
}

/** Removes a milestone, link or member, found before (`current`). */
function removeProjectPart(
  db: Database,
  current: { id: number; projectId: number },
  audit: AuditContext,
  remove: (tx: Executor, id: number) => Promise<void>,
  entry: PartAudit,
): Promise<StaffProjectDetail> {
  return changeProjectPart(db, current.projectId, audit, async (tx) => {
    await remove(tx, current.id)
    return { ...entry, entityId: current.id, before: auditSnapshot(current), after: null }
  })
}

export async function addMilestone(
  db: Database,
  projectId: number,
  input: CreateMilestoneInput,
  audit: AuditContext,
): Promise<StaffProjectDetail> {
  return addProjectPart(
    db,
    projectId,
    audit,
    async (tx) => {
      const last = await repo.lastMilestoneOrder(tx, projectId)
      return repo.insertMilestone(tx, {
        projectId,
        title: input.title,
        description: input.description,
        amountMinor: toMinorUnits(input.amount),
        status: input.status,
        dueDate: input.due_date,
        order: input.order ?? last + 1,
        paidAt: input.status === 'paid' ? new Date() : null,
      })
    },
    {
      action: 'milestone.create',
      entityType: 'milestone',
      summary: `Milestone "${input.title}" added to project #${projectId}`,
    },
  )
}

async function findMilestone(db: Executor, milestoneId: number) {
  const row = await repo.findMilestone(db, milestoneId)
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
  return changeProjectPart(db, current.projectId, audit, async (tx) => {
    const row = await repo.updateMilestone(tx, milestoneId, values)
    return {
      action: 'milestone.update',
      entityType: 'milestone',
      entityId: milestoneId,
      summary: `Milestone "${row?.title ?? current.title}" changed`,
      before: auditSnapshot(current),
      after: auditSnapshot(row),
    }
  })
}

export async function deleteMilestone(db: Database, milestoneId: number, audit: AuditContext) {
  const current = await findMilestone(db, milestoneId)
  return removeProjectPart(db, current, audit, repo.deleteMilestone, {
    action: 'milestone.delete',
    entityType: 'milestone',
    summary: `Milestone "${current.title}" removed`,
  })
}

export async function addProjectLink(
  db: Database,
  projectId: number,
  input: CreateProjectLinkInput,
  audit: AuditContext,
) {
  return addProjectPart(
    db,
    projectId,
    audit,
    async (tx) => {
      const last = await repo.lastLinkOrder(tx, projectId)
      return repo.insertLink(tx, {
        projectId,
        linkType: input.link_type,
        url: input.url,
        title: input.title,
        order: last + 1,
      })
    },
    {
      action: 'project_link.create',
      entityType: 'project_link',
      summary: `Link ${input.url} added to project #${projectId}`,
    },
  )
}

export async function deleteProjectLink(db: Database, linkId: number, audit: AuditContext) {
  const current = await repo.findLink(db, linkId)
  if (!current) throw notFound()
  return removeProjectPart(db, current, audit, repo.deleteLink, {
    action: 'project_link.delete',
    entityType: 'project_link',
    summary: `Link ${current.url} removed`,
  })
}

export async function addProjectMember(
  db: Database,
  projectId: number,
  input: CreateProjectMemberInput,
  audit: AuditContext,
) {
  return addProjectPart(
    db,
    projectId,
    audit,
    (tx) => repo.insertMember(tx, { projectId, fullName: input.full_name, role: input.role }),
    {
      action: 'project_member.create',
      entityType: 'project_member',
      summary: `${input.full_name} joined the team of project #${projectId}`,
    },
  )
}

export async function deleteProjectMember(db: Database, memberId: number, audit: AuditContext) {
  const current = await repo.findMember(db, memberId)
  if (!current) throw notFound()
  return removeProjectPart(db, current, audit, repo.deleteMember, {
    action: 'project_member.delete',
    entityType: 'project_member',
    summary: `${current.fullName} left the team of project #${current.projectId}`,
  })
}

import { and, asc, count, desc, eq, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  FINISHED_STATUSES,
  type TicketPriority,
  type TicketSort,
  type TicketStatus,
} from '@/contract/support'
import type { Executor } from '../../db/client'
import { firstOf, insertRow, listPage, rowExists } from '../../db/rows'
import {
  clients,
  portalProjectAccess,
  portalProjects,
  ticketActivities,
  ticketAttachments,
  ticketCategories,
  ticketComments,
  tickets,
  users,
} from '../../db/schema'
import { searchIn } from '../../lib/search'
import type { Caller } from '../../plugins/auth'
import { projectSharedWith, projectVisibleTo } from '../portal'
import { answerChangesAt } from '../../lib/data-versions'
import type { PageWindow } from '../../lib/pagination'

const creator = alias(users, 'ticket_creator')
const assignee = alias(users, 'ticket_assignee')

const ticketColumns = {
  ticket: tickets,
  creator: {
    firstName: creator.firstName,
    lastName: creator.lastName,
    email: creator.email,
    role: creator.role,
  },
  assignee: { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName },
  category: { id: ticketCategories.id, name: ticketCategories.name },
}

function selectTickets(db: Executor) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(creator, eq(creator.id, tickets.createdById))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedToId))
    .leftJoin(ticketCategories, eq(ticketCategories.id, tickets.categoryId))
}
export type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number]

export interface TicketFilters {
  project?: number | undefined
  status?: TicketStatus | undefined
  priority?: TicketPriority | undefined
  search?: string | undefined
  assignedTo?: number | undefined
  /** Staff queue: the category, a client company's projects, overdue only, and the order. */
  category?: number | undefined
  client?: number | undefined
  overdue?: boolean | undefined
  sort?: TicketSort | undefined
}

/** Unfinished tickets whose response target has passed (the rule of `isOverdue`, in SQL). */
export const overdueCondition = (now: Date) =>
  and(lt(tickets.dueAt, now), notInArray(tickets.status, [...FINISHED_STATUSES])) as SQL

const priorityRank = sql`case ${tickets.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`

function ticketOrder(sort: TicketSort | undefined, now: Date) {
  if (sort === 'oldest') return [asc(tickets.createdAt), asc(tickets.id)]
  if (sort === 'updated') return [desc(tickets.updatedAt), desc(tickets.id)]
  if (sort === 'due') return [sql`${tickets.dueAt} asc nulls last`, asc(tickets.id)]
  if (sort === 'priority')
    // Overdue first, then by priority, then the earliest due.
    return [
      sql`case when ${overdueCondition(now)} then 0 else 1 end`,
      priorityRank,
      sql`${tickets.dueAt} asc nulls last`,
      asc(tickets.id),
    ]
  return [desc(tickets.createdAt), desc(tickets.id)]
}

export async function listTickets(db: Executor, caller: Caller, filters: TicketFilters, window: PageWindow) {
  const conditions: SQL[] = [projectVisibleTo(caller, tickets.projectId)]
  if (filters.project !== undefined) conditions.push(eq(tickets.projectId, filters.project))
  if (filters.status) conditions.push(eq(tickets.status, filters.status))
  if (filters.priority) conditions.push(eq(tickets.priority, filters.priority))
  if (filters.assignedTo !== undefined) conditions.push(eq(tickets.assignedToId, filters.assignedTo))
  if (filters.category !== undefined) conditions.push(eq(tickets.categoryId, filters.category))
  if (filters.client !== undefined) conditions.push(projectSharedWith(db, filters.client, tickets.projectId))
  // Which tickets are overdue changes with time alone: such a list is never kept (data-versions).
  if (filters.overdue || filters.sort === 'priority') answerChangesAt(Date.now())
  if (filters.overdue) conditions.push(overdueCondition(new Date()))
  const match = searchIn(filters.search, [tickets.title, tickets.description])
  if (match) conditions.push(match)
  const where = and(...conditions)
  return listPage(db, selectTickets(db).$dynamic(), {
    where,
    orderBy: ticketOrder(filters.sort, new Date()),
    window,
  })
}

/** One ticket if the caller may see it. */
export async function findTicket(db: Executor, caller: Caller, ticketId: number) {
  const [row] = await selectTickets(db)
    .where(and(eq(tickets.id, ticketId), projectVisibleTo(caller, tickets.projectId)))
    .limit(1)
  return row
}

/** A ticket's comments or activities, the internal ones only when `includeInternal`. */
function ofTicket(
  table: typeof ticketComments | typeof ticketActivities,
  ticketId: number,
  includeInternal: boolean,
) {
  return and(eq(table.ticketId, ticketId), includeInternal ? undefined : eq(table.isInternal, false))
}

const author = alias(users, 'comment_author')

function selectComments(db: Executor) {
  return db
    .select({
      comment: ticketComments,
      author: { firstName: author.firstName, lastName: author.lastName, role: author.role },
    })
    .from(ticketComments)
    .innerJoin(author, eq(author.id, ticketComments.authorId))
}

export async function listComments(db: Executor, ticketId: number, includeInternal: boolean) {
  return selectComments(db)
    .where(ofTicket(ticketComments, ticketId, includeInternal))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id))
}
export type CommentRow = Awaited<ReturnType<typeof listComments>>[number]

export async function findCommentByRef(db: Executor, authorId: number, clientRef: string) {
  const [row] = await selectComments(db)
    .where(and(eq(ticketComments.authorId, authorId), eq(ticketComments.clientRef, clientRef)))
    .limit(1)
  return row
}

const uploader = alias(users, 'attachment_uploader')

function selectAttachments(db: Executor) {
  return db
    .select({
      attachment: ticketAttachments,
      uploader: { firstName: uploader.firstName, lastName: uploader.lastName },
    })
    .from(ticketAttachments)
    .innerJoin(uploader, eq(uploader.id, ticketAttachments.uploadedById))
}
export type AttachmentRow = Awaited<ReturnType<typeof selectAttachments>>[number]

export async function listAttachments(db: Executor, ticketId: number) {
  return selectAttachments(db)
    .where(eq(ticketAttachments.ticketId, ticketId))
    .orderBy(asc(ticketAttachments.uploadedAt), asc(ticketAttachments.id))
}

export async function findAttachmentRow(db: Executor, attachmentId: number) {
  const [row] = await selectAttachments(db).where(eq(ticketAttachments.id, attachmentId)).limit(1)
  return row
}

/** An attachment if the caller may see its ticket. */
export async function findVisibleAttachment(db: Executor, caller: Caller, attachmentId: number) {
  const row = await firstOf(
    db
      .select({ attachment: ticketAttachments })
      .from(ticketAttachments)
      .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
      .$dynamic(),
    and(eq(ticketAttachments.id, attachmentId), projectVisibleTo(caller, tickets.projectId)),
  )
  return row?.attachment
}

const performer = alias(users, 'activity_performer')

export async function listActivities(db: Executor, ticketId: number, includeInternal: boolean) {
  return db
    .select({
      activity: ticketActivities,
      performer: { firstName: performer.firstName, lastName: performer.lastName },
    })
    .from(ticketActivities)
    .leftJoin(performer, eq(performer.id, ticketActivities.performedById))
    .where(ofTicket(ticketActivities, ticketId, includeInternal))
    .orderBy(asc(ticketActivities.createdAt), asc(ticketActivities.id))
}
export type ActivityRow = Awaited<ReturnType<typeof listActivities>>[number]

export async function listCategories(db: Executor) {
  return db
    .select({ id: ticketCategories.id, name: ticketCategories.name })
    .from(ticketCategories)
    .orderBy(asc(ticketCategories.order), asc(ticketCategories.name))
}

export async function categoryExists(db: Executor, id: number): Promise<boolean> {
  return rowExists(db, ticketCategories, eq(ticketCategories.id, id))
}

export async function findUser(db: Executor, id: number) {
  return firstOf(
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
      .from(users)
      .$dynamic(),
    eq(users.id, id),
  )
}

export async function insertTicket(db: Executor, values: typeof tickets.$inferInsert) {
  const row = await insertRow(db, tickets, values, 'insert returned no ticket')
  return row.id
}

export async function updateTicket(
  db: Executor,
  ticketId: number,
  values: Partial<typeof tickets.$inferInsert>,
) {
  await db.update(tickets).set(values).where(eq(tickets.id, ticketId))
}

export async function insertComment(db: Executor, values: typeof ticketComments.$inferInsert) {
  const row = await insertRow(db, ticketComments, values, 'insert returned no comment')
  return row.id
}

export async function findCommentRow(db: Executor, commentId: number) {
  const [row] = await db
    .select({
      comment: ticketComments,
      author: { firstName: author.firstName, lastName: author.lastName, role: author.role },
    })
    .from(ticketComments)
    .innerJoin(author, eq(author.id, ticketComments.authorId))
    .where(eq(ticketComments.id, commentId))
    .limit(1)
  return row
}

export async function insertAttachment(db: Executor, values: typeof ticketAttachments.$inferInsert) {
  const row = await insertRow(db, ticketAttachments, values, 'insert returned no attachment')
  return row.id
}

export async function insertActivity(db: Executor, values: typeof ticketActivities.$inferInsert) {
  await db.insert(ticketActivities).values(values)
}

/** Unfinished tickets per priority and how many of them are overdue (the staff overview). */
export async function openTicketsByPriority(db: Executor, now: Date = new Date()) {
  return db
    .select({
      priority: tickets.priority,
      open: count(),
      overdue: sql<number>`count(*) filter (where ${overdueCondition(now)})`.mapWith(Number),
    })
    .from(tickets)
    .where(notInArray(tickets.status, [...FINISHED_STATUSES]))
    .groupBy(tickets.priority)
}

/** The companies behind a ticket: its opener's, else every one with access to its project; null: no ticket. */
export async function ticketClients(db: Executor, ticketId: number) {
  const ticket = await firstOf(
    db.select({ projectId: tickets.projectId, createdById: tickets.createdById }).from(tickets).$dynamic(),
    eq(tickets.id, ticketId),
  )
  if (!ticket) return null
  const company = { id: clients.id, companyName: clients.companyName, email: users.email }
  const opener = await db
    .select(company)
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.userId, ticket.createdById))
  if (opener.length > 0) return opener
  return db
    .select(company)
    .from(portalProjectAccess)
    .innerJoin(clients, eq(clients.id, portalProjectAccess.clientId))
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(portalProjectAccess.projectId, ticket.projectId))
    .orderBy(asc(clients.companyName), asc(clients.id))
}

/** The projects these companies can see, and the tickets of those projects other than `exceptTicket`. */
export async function clientHistory(db: Executor, clientIds: number[], exceptTicket: number, limit: number) {
  if (clientIds.length === 0) return { projects: [], count: 0, tickets: [] }
  const visible = db
    .selectDistinct({ id: portalProjectAccess.projectId })
    .from(portalProjectAccess)
    .where(inArray(portalProjectAccess.clientId, clientIds))
  const projects = await db
    .select({ id: portalProjects.id, name: portalProjects.name, status: portalProjects.status })
    .from(portalProjects)
    .where(inArray(portalProjects.id, visible))
    .orderBy(desc(portalProjects.createdAt), desc(portalProjects.id))
  const where = and(inArray(tickets.projectId, visible), ne(tickets.id, exceptTicket))
  const [total] = await db.select({ value: count() }).from(tickets).where(where)
  const rows = await db
    .select({
      id: tickets.id,
      title: tickets.title,
      status: tickets.status,
      priority: tickets.priority,
      projectId: tickets.projectId,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit)
  return { projects, count: total?.value ?? 0, tickets: rows }
}

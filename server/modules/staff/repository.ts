import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import {
  auditLog,
  clients,
  domains,
  orders,
  portalProjectAccess,
  portalProjects,
  tickets,
  users,
} from '../../db/schema'
import { pageWindow } from '../../lib/pagination'
import { likePattern } from '../../lib/search'
import type { AuditQuery } from '@/contract/staff'

export async function listAudit(db: Executor, query: AuditQuery, pageSize: number) {
  const parts: SQL[] = []
  if (query.action) parts.push(eq(auditLog.action, query.action))
  if (query.entity_type) parts.push(eq(auditLog.entityType, query.entity_type))
  if (query.entity_id !== undefined) parts.push(eq(auditLog.entityId, query.entity_id))
  if (query.actor !== undefined) parts.push(eq(auditLog.actorId, query.actor))
  if (query.search) {
    const pattern = likePattern(query.search)
    const match = or(
      ilike(auditLog.summary, pattern),
      ilike(auditLog.actorEmail, pattern),
      ilike(auditLog.requestId, pattern),
    )
    if (match) parts.push(match)
  }
  const where = and(...parts)
  const [total] = await db.select({ value: count() }).from(auditLog).where(where)
  const window = pageWindow(query.page, pageSize)
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(
      ...(query.sort === 'oldest'
        ? [asc(auditLog.createdAt), asc(auditLog.id)]
        : [desc(auditLog.createdAt), desc(auditLog.id)]),
    )
    .limit(window.limit)
    .offset(window.offset)
  return { count: total?.value ?? 0, rows }
}

export async function listTeam(db: Executor) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.isActive, true)))
    .orderBy(asc(users.firstName), asc(users.lastName))
}

export async function listClientOptions(db: Executor) {
  return db
    .select({ id: clients.id, companyName: clients.companyName, email: users.email })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .orderBy(asc(clients.companyName), asc(clients.id))
}

/** The companies behind a ticket: its opener's, else every one with access to its project; null: no ticket. */
export async function ticketClients(db: Executor, ticketId: number) {
  const [ticket] = await db
    .select({ projectId: tickets.projectId, createdById: tickets.createdById })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .limit(1)
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

/** Orders paid since `since` that are still paid (a refund takes one out), with their total. */
export async function paidOrdersSince(db: Executor, since: Date) {
  const [row] = await db
    .select({ count: count(), total: sql<string>`coalesce(sum(${orders.amountMinor}), 0)` })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, since)))
  return { count: row?.count ?? 0, totalMinor: Number(row?.total ?? 0) }
}

/** Active domains expiring between `from` and `until`: how many, and the soonest `limit` with their client. */
export async function domainsExpiring(db: Executor, from: Date, until: Date, limit: number) {
  const window = and(
    eq(domains.status, 'active'),
    gte(domains.expiryDate, from),
    lte(domains.expiryDate, until),
  )
  const [total] = await db.select({ count: count() }).from(domains).where(window)
  const rows = await db
    .select({
      id: domains.id,
      domainName: domains.domainName,
      expiryDate: domains.expiryDate,
      autoRenew: domains.autoRenew,
      clientId: clients.id,
      companyName: clients.companyName,
    })
    .from(domains)
    .leftJoin(clients, eq(clients.userId, domains.userId))
    .where(window)
    .orderBy(asc(domains.expiryDate), asc(domains.id))
    .limit(limit)
  return { count: total?.count ?? 0, rows }
}

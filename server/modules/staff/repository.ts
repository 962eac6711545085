import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { auditLog, users } from '../../db/schema'
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

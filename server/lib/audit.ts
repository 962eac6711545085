import type { Executor } from '../db/client'
import { auditLog, users } from '../db/schema'
import { eq } from 'drizzle-orm'

/** Who is changing something and through which request; services that staff call take it. */
export interface AuditContext {
  actorId: number
  requestId: string
}

export interface AuditEntry {
  action: string
  entityType: string
  entityId: number | null
  summary: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** JSON-safe copy of a row: dates as ISO strings, so before/after read the same as the API. */
export function auditSnapshot(row: object | null | undefined): Record<string, unknown> | null {
  if (!row) return null
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>
}

/** Records one staff change; call it with the transaction that makes the change. */
export async function recordAudit(db: Executor, context: AuditContext, entry: AuditEntry): Promise<void> {
  const [actor] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, context.actorId))
    .limit(1)
  await db.insert(auditLog).values({
    actorId: context.actorId,
    actorEmail: actor?.email ?? '',
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: context.requestId,
  })
}

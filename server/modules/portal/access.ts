import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client'
import { clients, portalProjectAccess, portalProjects } from '../../db/schema'
import type { Caller } from '../../plugins/auth'

/**
 * The one ownership rule of the portal: staff see every project; a client sees a project only through
 * an access row of its own. Everything else answers 404, never 403, so ids reveal nothing.
 */
export function projectVisibleTo(caller: Caller, projectId: AnyPgColumn | SQL): SQL {
  if (caller.role === 'staff') return sql`true`
  return sql`exists (select 1 from ${portalProjectAccess} inner join ${clients} on ${clients.id} = ${portalProjectAccess.clientId} where ${portalProjectAccess.projectId} = ${projectId} and ${clients.userId} = ${caller.userId})`
}

/** Whether the caller may read the project; false for unknown ids too. */
export async function canReadProject(db: Executor, caller: Caller, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: portalProjects.id })
    .from(portalProjects)
    .where(and(eq(portalProjects.id, projectId), projectVisibleTo(caller, portalProjects.id)))
    .limit(1)
  return row !== undefined
}

import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/* The database's types, apart from db/client so what the driver calls (lib/data-versions) can name them without importing it back. */

export type Schema = typeof schema
/** The one database type the services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle has the same query surface as the database. */
export type Executor = Pick<
  Database,
  'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute' | 'query'
>

/** Plain SQL for libraries that bring their own queries (the job queue): text with $1… parameters. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  executeSql: ExecuteSql
  ping(): Promise<void>
  close(): Promise<void>
  /**
   * Calls `onPayload` for each NOTIFY on `channel`. Embedded: synchronously as the notifying transaction
   * commits (before the writer's query resolves). PostgreSQL: after the commit, on a connection of its
   * own, which `onState` reports lost (false) and listening again (true) after a reconnection; payloads
   * sent while it was down are lost. Answers the unsubscribe.
   */
  listen?: (
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (listening: boolean) => void,
  ) => Promise<() => Promise<void>>
}

import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { Config } from '../config'
import { noteStatement } from '../lib/data-versions'
import * as schema from './schema'

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
   * Embedded database only: calls `onPayload` for each NOTIFY on `channel`, synchronously as the
   * notifying transaction commits (before the writer's query resolves). Answers the unsubscribe.
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export function wrapPglite(client: PGlite): DatabaseHandle {
  // Every statement is shown to the kept-answer recorder (server/lib/data-versions.ts): a read kept in
  // memory depends on the tables it named.
  const db = drizzlePglite({
    client,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query) => noteStatement(query) },
  })
  return {
    db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      // Without parameters the text may hold several statements (schema set-up): exec runs them all.
      if (!values || values.length === 0) {
        const results = await client.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      }
      return { rows: (await client.query(text, values)).rows }
    },
    ping: async () => {
      await client.query('select 1')
    },
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload)
      return () => unlisten()
    },
  }
}

export async function openDatabase(
  config: Config['database'],
  options: { migrationsFolder?: string; onPoolError?: (error: Error) => void } = {},
): Promise<DatabaseHandle> {
  const folder = options.migrationsFolder ?? migrationsFolder
  if (config.kind === 'pglite') {
    await mkdir(config.dataDir, { recursive: true })
    const client = await PGlite.create(config.dataDir)
    const handle = wrapPglite(client)
    await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder: folder })
    return handle
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolMax,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // A runaway query must not hold a pooled connection forever.
    statement_timeout: 15_000,
  })
  // An idle connection dropped by the server (restart, failover, a dropped test database) must not crash
  // the process; the pool replaces it on the next query.
  pool.on('error', (error) => options.onPoolError?.(error))
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
  await migratePg(db, { migrationsFolder: folder })
  return {
    db,
    kind: 'postgres',
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows as unknown[] }),
    ping: async () => {
      await pool.query('select 1')
    },
    close: () => pool.end(),
  }
}

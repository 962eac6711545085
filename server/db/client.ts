import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { Config } from '../config'
import { noteStatement } from '../lib/data-versions'
import { PgliteThread, type EmbeddedClient } from './pglite-thread'
import * as schema from './schema'
import type { DatabaseHandle, Executor } from './types'

export type { Database, DatabaseHandle, Executor, ExecuteSql, Schema } from './types'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** drizzle types its client as the whole PGlite class; its session calls only query and transaction. */
const asDrizzleClient = (client: EmbeddedClient) => client as unknown as PGlite

export function wrapPglite(client: EmbeddedClient): DatabaseHandle {
  // Every statement is shown to the kept-answer recorder (server/lib/data-versions.ts): a read kept in
  // memory depends on the tables it named.
  const db = drizzlePglite({
    client: asDrizzleClient(client),
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

/** Any fixed number: the advisory lock every instance takes while it migrates. */
const MIGRATION_LOCK_KEY = 7_301_530

/**
 * Applies the migrations holding a PostgreSQL advisory lock: drizzle's migrator takes none, and
 * instances starting together on an empty database would otherwise create the same tables at once.
 * The second one waits, then finds every migration applied.
 */
export async function migrateLocked(pool: pg.Pool, folder: string): Promise<void> {
  const client = await pool.connect()
  try {
    // The wait, and a long migration, may outlast the pool's statement timeout: none on this connection
    // until it goes back to the pool.
    await client.query('SET statement_timeout = 0')
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), { migrationsFolder: folder })
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      await client.query('RESET statement_timeout')
    }
  } finally {
    client.release()
  }
}

/**
 * Takes a transaction-scoped advisory lock, waiting as long as another instance holds it (a demo seed
 * takes longer than the pool's statement timeout on a busy machine, which would cancel the wait and
 * stop the second instance's start). The timeout is lifted for this transaction only.
 */
export async function lockForTransaction(tx: Executor, key: number): Promise<void> {
  await tx.execute(sql`SET LOCAL statement_timeout = 0`)
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`)
}

export async function openDatabase(
  config: Config['database'],
  options: { migrationsFolder?: string; onPoolError?: (error: Error) => void } = {},
): Promise<DatabaseHandle> {
  const folder = options.migrationsFolder ?? migrationsFolder
  if (config.kind === 'pglite') {
    await mkdir(config.dataDir, { recursive: true })
    // In a worker thread (the default), so statements do not hold the event loop; PGLITE_WORKER=0: here.
    const client = config.worker
      ? await PgliteThread.open({ dataDir: config.dataDir })
      : await PGlite.create(config.dataDir)
    const handle = wrapPglite(client)
    await migratePglite(drizzlePglite({ client: asDrizzleClient(client), casing: 'snake_case' }), {
      migrationsFolder: folder,
    })
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
  // Statements are shown to the kept-answer recorder, as on the embedded database (reads record their
  // tables; this process's writes drop kept answers as they are sent).
  const db = drizzlePg({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query) => noteStatement(query) },
  })
  await migrateLocked(pool, folder)
  const listeners = new Set<Listener>()
  return {
    db,
    kind: 'postgres',
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows as unknown[] }),
    ping: async () => {
      await pool.query('select 1')
    },
    close: async () => {
      await Promise.all([...listeners].map((l) => l.close()))
      await pool.end()
    },
    listen: async (channel, onPayload, onState) => {
      const listener = new Listener(config.url, channel, onPayload, onState ?? (() => undefined))
      listeners.add(listener)
      await listener.start()
      return async () => {
        listeners.delete(listener)
        await listener.close()
      }
    },
  }
}

/**
 * A PostgreSQL connection of its own that LISTENs on one channel and comes back after it is lost (a
 * restart, a failover), with a growing wait between attempts (at most 10 s).
 */
class Listener {
  private client: pg.Client | null = null
  private closed = false
  private retryTimer: NodeJS.Timeout | null = null
  private failures = 0

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onState: (listening: boolean) => void,
  ) {}

  /** Connects and listens; throws when the first attempt fails (the start-up fails as the pool would). */
  async start(): Promise<void> {
    await this.connect()
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5_000 })
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload) this.onPayload(message.payload)
    })
    const lost = () => {
      if (this.client !== client) return
      this.client = null
      client.removeAllListeners('end')
      void client.end().catch(() => undefined)
      if (this.closed) return
      this.onState(false)
      this.retry()
    }
    client.on('error', lost)
    client.on('end', lost)
    await client.connect()
    await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`)
    this.client = client
    this.failures = 0
  }

  private retry(): void {
    const wait = Math.min(10_000, 250 * 2 ** this.failures)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      if (this.closed) return
      this.connect().then(
        () => this.onState(true),
        () => {
          this.failures += 1
          this.retry()
        },
      )
    }, wait)
    this.retryTimer.unref()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    const client = this.client
    this.client = null
    if (client) await client.end().catch(() => undefined)
  }
}

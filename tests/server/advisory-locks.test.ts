// Instances starting together on one PostgreSQL database wait for each other's migrations and demo seed
// through advisory locks. The wait must outlast the pool's statement timeout: under load the seed takes
// longer than 15 s, and a cancelled wait stopped the second instance's start (seen in the cluster lane).
import { randomBytes, randomInt } from 'node:crypto'
import { drizzle } from 'drizzle-orm/node-postgres'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { lockForTransaction, migrateLocked, migrationsFolder } from '../../server/db/client'
import * as schema from '../../server/db/schema'
import { withDatabase } from './helpers/postgres'

const url = process.env.DATABASE_URL
const template = inject('pgTemplate')
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** A fresh copy of the migrated template; a pool on it with a short statement timeout. */
async function database(statementTimeoutMs: number) {
  const name = `cypher_locks_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  const pool = new pg.Pool({
    connectionString: withDatabase(url as string, name),
    max: 2,
    statement_timeout: statementTimeoutMs,
  })
  // Idle connections end when the database is dropped.
  pool.on('error', () => undefined)
  cleanups.push(async () => {
    await pool.end()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  })
  return pool
}

/** Another instance holding `key` for `ms`: resolves once it holds it, with the moment it lets go. */
async function holdLock(pool: pg.Pool, key: number, ms: number) {
  const other = new pg.Client({ connectionString: pool.options.connectionString })
  await other.connect()
  await other.query('SELECT pg_advisory_lock($1)', [key])
  const released = new Promise<void>((resolve) => setTimeout(() => void other.end().then(resolve), ms))
  return { released }
}

describe.runIf(url && template)('advisory locks on PostgreSQL', () => {
  it('a transaction waits for a lock held longer than the statement timeout', async () => {
    const pool = await database(300)
    const db = drizzle({ client: pool, schema })
    const key = randomInt(1, 2 ** 31 - 1)
    // Without lifting the timeout the wait is cancelled (the bug).
    const held = await holdLock(pool, key, 1_200)
    await expect(
      db.transaction(async (tx) => void (await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`))),
    ).rejects.toThrow()
    await held.released
    const heldAgain = await holdLock(pool, key, 1_200)
    const started = Date.now()
    await db.transaction(async (tx) => {
      await lockForTransaction(tx, key)
      // The timeout is back for the next transaction, lifted only in this one.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    })
    await heldAgain.released
    expect((await pool.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('300ms')
  })

  it('migrations wait for another instance migrating longer than the statement timeout', async () => {
    const pool = await database(300)
    const held = await holdLock(pool, 7_301_530, 1_200)
    const started = Date.now()
    await migrateLocked(pool, migrationsFolder)
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    await held.released
    const client = await pool.connect()
    try {
      expect((await client.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('300ms')
    } finally {
      client.release()
    }
  })
})

import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, inject } from 'vitest'
import { buildApp, type AppDeps } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import { openDatabase, wrapPglite, type DatabaseHandle } from '../../../server/db/client'
import { PgliteThread, type EmbeddedClient } from '../../../server/db/pglite-thread'
import { TEST_PASSWORD_HASH_COST, withDatabase } from './postgres'

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing'

/**
 * A fresh copy of the migrated, seeded template: PGlite by default, PostgreSQL when DATABASE_URL is set
 * (`connectVia` then routes the app's connections through another address, such as a test proxy).
 */
export async function openTestDatabase(
  options: { connectVia?: (postgres: { host: string; port: number }) => Promise<{ port: number }> } = {},
): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL
  const pgTemplate = inject('pgTemplate')
  if (url && pgTemplate) {
    const name = `cypher_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`)
    const appUrl = new URL(withDatabase(url, name))
    if (options.connectVia) {
      const via = await options.connectVia({ host: appUrl.hostname, port: Number(appUrl.port || 5432) })
      appUrl.hostname = '127.0.0.1'
      appUrl.port = String(via.port)
    }
    const handle = await openDatabase({ kind: 'postgres', url: appUrl.toString(), poolMax: 4 })
    return {
      ...handle,
      close: async () => {
        await handle.close()
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await admin.end()
      },
    }
  }
  return wrapPglite(await openPgliteCopy(await readFile(inject('pgliteTemplate'))))
}

/**
 * An embedded database from a tar of a data directory: in this thread, as the server runs it by default,
 * or in a worker thread with PGLITE_WORKER=1.
 */
export async function openPgliteCopy(tar: Uint8Array<ArrayBuffer>): Promise<EmbeddedClient> {
  return process.env.PGLITE_WORKER === '1'
    ? PgliteThread.open({ loadDataDir: tar })
    : PGlite.create({ loadDataDir: new Blob([tar]) })
}

export interface TestAppOptions {
  env?: Record<string, string>
  /** Adds test-only routes before the app is sealed. */
  extend?: (app: FastifyInstance) => void
  /** The database to use instead of a fresh copy of the template (the app closes it). */
  database?: DatabaseHandle
  /** Sees every route the app registers. */
  onRoute?: AppDeps['onRoute']
  /**
   * Job queue timing (short retries for the tests that wait for one). Without it the queue is not
   * started: its schema set-up and polling would slow every other test file.
   */
  jobTiming?: AppDeps['jobTiming']
}

/** The whole app on a fresh database, driven with `app.inject`; close it in afterAll. */
export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openTestDatabase())
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(os.tmpdir(), `cypher-test-${randomBytes(4).toString('hex')}`),
      WEB_DIST: path.join(os.tmpdir(), 'cypher-no-web-build'),
      ...options.env,
    }),
    // The environment refuses a cost below 2^15; tests hash cheaply on purpose.
    passwordHashCost: TEST_PASSWORD_HASH_COST,
  }
  const app = await buildApp(config, {
    database,
    jwtSecret: TEST_JWT_SECRET,
    onRoute: options.onRoute,
    jobTiming: options.jobTiming ?? false,
  })
  options.extend?.(app)
  await app.ready()
  return app
}

/**
 * The app for the tests of one file: call it with `await` at the file's top level; it is closed
 * after the file's last test.
 */
export async function openTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const app = await createTestApp(options)
  afterAll(async () => {
    await app.close()
  })
  return app
}

import { randomBytes } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { drizzle } from 'drizzle-orm/pglite'
import { migrationsFolder, openDatabase, wrapPglite } from '../../server/db/client'
import { seedDemo } from '../../server/db/seed/seed'
import { TEST_PASSWORD_HASH_COST, withDatabase } from './helpers/postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated, seeded PGlite data directory; each test file starts from a copy. */
    pgliteTemplate: string
    /** With DATABASE_URL: the name of a migrated, seeded PostgreSQL database used as CREATE DATABASE template. */
    pgTemplate: string
  }
}

/** Builds the migrated and seeded database once per run; every test file clones it. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const name = `cypher_tpl_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolMax: 2 })
    await seedDemo(handle.db, { passwordHashCost: TEST_PASSWORD_HASH_COST })
    await handle.close()
    project.provide('pgTemplate', name)
    project.provide('pgliteTemplate', '')
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  }

  const client = await PGlite.create()
  await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder })
  await seedDemo(wrapPglite(client).db, { passwordHashCost: TEST_PASSWORD_HASH_COST })
  const dump = await client.dumpDataDir('none')
  await client.close()
  const file = path.join(os.tmpdir(), `cypher-pglite-template-${process.pid}-${Date.now()}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  project.provide('pgTemplate', '')
  return async () => {
    await rm(file, { force: true })
  }
}

// A benchmark server on PostgreSQL: a fresh database on the DATABASE_URL server, dropped afterwards.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import pg from 'pg'
import { startServer } from './server.mjs'

/** A fresh database on the DATABASE_URL server, dropped afterwards. */
export async function withFreshDatabase(databaseUrl, run) {
  // BENCH_DATABASE_PREFIX keeps benches of several checkouts on one PostgreSQL server apart.
  const prefix = process.env.BENCH_DATABASE_PREFIX ?? 'cypher_bench'
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  try {
    return await run(url.toString())
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}

/**
 * Runs `measure(server, jwtSecret)` against a server on a fresh PostgreSQL database (demo data seeded,
 * secrets generated here, since the server keeps none in a data folder for PostgreSQL).
 */
export async function onPostgres(databaseUrl, port, measure, env = {}) {
  return withFreshDatabase(databaseUrl, async (url) => {
    const jwtSecret = randomBytes(48).toString('base64')
    const signingKey = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'der' })
      .toString('base64')
    const server = await startServer({
      port,
      env: {
        DATABASE_URL: url,
        SEED_DEMO: '1',
        JWT_SECRET: jwtSecret,
        CERTIFICATE_SIGNING_KEY: signingKey,
        APP_KEY_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'error',
        ...env,
      },
    })
    try {
      return await measure(server, jwtSecret)
    } finally {
      await server.stop()
    }
  })
}

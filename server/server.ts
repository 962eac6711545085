import { mkdir } from 'node:fs/promises'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { checkDemoAccounts, DemoAccountsExposedError } from './db/seed/demo-guard'
import { seedDemo } from './db/seed/seed'
import { assertNoServerRunning, writePidFile } from './lib/data-dir-lock'
import { isDatabaseUnreachable } from './lib/database-outage'
import { resolveJwtSecret } from './lib/jwt-secret'

async function main() {
  const startedAt = performance.now()
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(78)
    }
    throw error
  }
  // PGlite allows one process per data folder: refuse to open it twice.
  let releaseDataDir = async () => {}
  if (config.database.kind === 'pglite') {
    await assertNoServerRunning(config.dataDir)
    await mkdir(config.dataDir, { recursive: true })
    releaseDataDir = await writePidFile(config.dataDir)
  }
  let reportPoolError = (error: Error) =>
    console.error(JSON.stringify({ level: 50, msg: 'idle database connection failed', err: error.message }))
  const database = await openDatabase(config.database, { onPoolError: (error) => reportPoolError(error) })
  const jwtSecret = await resolveJwtSecret(config)
  const app = await buildApp(config, { database, jwtSecret })
  // Idle connections all fail at once when the database goes away: one outage, one log line.
  reportPoolError = (error) =>
    isDatabaseUnreachable(error)
      ? app.databaseOutage.report(error)
      : app.log.error({ err: error }, 'idle database connection failed')
  app.addHook('onClose', releaseDataDir)
  if (config.demo.active)
    await seedDemo(database.db, { passwordHashCost: config.passwordHashCost, log: app.log })
  let demoAccounts: string[]
  try {
    demoAccounts = await checkDemoAccounts(database.db, config)
  } catch (error) {
    if (!(error instanceof DemoAccountsExposedError)) throw error
    console.error(error.message)
    await app.close()
    process.exit(78)
  }

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    // close() stops accepting connections, waits for in-flight requests, then runs onClose (the database last).
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting')
      process.exit(1)
    }, 15_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))

  try {
    await app.listen({ host: config.host, port: config.port })
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      app.log.fatal(
        `Port ${config.port} on ${config.host} is already in use. Stop the other program or set PORT.`,
      )
      await app.close()
      process.exit(1)
    }
    throw error
  }
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      demoAccounts: demoAccounts.length > 0,
      startupMs: Math.round(performance.now() - startedAt),
    },
    'server ready',
  )
  if (demoAccounts.length > 0) {
    app.log.warn(
      { demoAccounts },
      `Demo accounts are active (${demoAccounts.join(', ')}; their passwords are in the README)`,
    )
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

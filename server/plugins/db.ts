import fp from 'fastify-plugin'
import type { Database, DatabaseHandle } from '../db/client'
import { DatabaseOutage } from '../lib/database-outage'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    database: DatabaseHandle
    /** Whether the database is reachable; failures report to it (one log line per outage). */
    databaseOutage: DatabaseOutage
  }
}

/** Exposes the database to routes and closes it last, after in-flight requests have finished. */
export default fp<{ handle: DatabaseHandle }>(
  async (app, { handle }) => {
    app.decorate('database', handle)
    app.decorate('db', handle.db)
    const outage = new DatabaseOutage(() => handle.ping(), app.log)
    app.decorate('databaseOutage', outage)
    app.addHook('onClose', async () => {
      outage.close()
      await handle.close()
    })
  },
  { name: 'db' },
)

import fp from 'fastify-plugin'
import type { Database, DatabaseHandle } from '../db/client'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    database: DatabaseHandle
  }
}

/** Exposes the database to routes and closes it last, after in-flight requests have finished. */
export default fp<{ handle: DatabaseHandle }>(
  async (app, { handle }) => {
    app.decorate('database', handle)
    app.decorate('db', handle.db)
    app.addHook('onClose', async () => {
      await handle.close()
    })
  },
  { name: 'db' },
)

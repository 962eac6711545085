import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { latestOutbox } from './repository'

/** Development-only: the sandbox mailer's outbox, so a developer can read the e-mails the product sent. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/outbox', { schema: { hide: true } }, async () => {
    const rows = await latestOutbox(app.db, 100)
    return rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      template: r.template,
      status: r.status,
      text: r.text,
      created_at: r.createdAt.toISOString(),
    }))
  })
}

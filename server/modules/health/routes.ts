import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'

const statusSchema = z.object({ status: z.string() })

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: statusSchema } },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' }),
  )
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: { 200: statusSchema, 503: statusSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      try {
        await app.database.ping()
        return { status: 'ready' }
      } catch (error) {
        app.databaseOutage.report(error)
        return reply.status(503).send({ status: 'unavailable' })
      }
    },
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountSchema } from '@/contract/auth'
import { errorBodySchema } from '@/contract/common'
import { notFound } from '../../lib/errors'
import { callerOf } from '../../plugins/auth'
import { findUserById } from '../auth/repository'
import { toClientUser } from '../auth/service'

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client/accounts/me/',
    {
      schema: {
        tags: ['client'],
        summary: 'The signed-in account',
        security: [{ bearer: [] }],
        response: { 200: accountSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const row = await findUserById(app.db, callerOf(request).userId)
      if (!row) throw notFound()
      return {
        ...toClientUser(row),
        address: row.client?.address ?? '',
        date_joined: row.user.createdAt.toISOString(),
      }
    },
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { appDetailsSchema, appListSchema } from '@/contract/apps'
import { errorBodySchema, pageQuerySchema, recordIdParamSchema } from '@/contract/common'
import { paginate } from '../../lib/pagination'
import { callerOf } from '../../plugins/auth'
import * as appsService from './service'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }

/** The read side of messaging apps (spec 001 §7 "Client"); creating apps belongs to the messaging area. */
export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    '/api/client/apps/',
    {
      schema: {
        tags: ['client'],
        summary: "The caller's messaging apps with their subscriptions, newest first",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: appListSchema, ...errors },
      },
    },
    async (request) =>
      paginate(
        request,
        app.config.publicUrl,
        await appsService.listApps(app.db, callerOf(request), request.query.page),
      ),
  )

  app.get(
    '/api/client/apps/:id/',
    {
      schema: {
        tags: ['client'],
        summary: 'One app: statistics, subscriptions and its 10 most recent messages',
        security: [{ bearer: [] }],
        params: recordIdParamSchema,
        response: { 200: appDetailsSchema, ...errors },
      },
    },
    async (request) => appsService.appDetails(app.db, callerOf(request), request.params.id),
  )
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, pageQuerySchema, recordIdParamSchema } from '@/contract/common'
import { clientOverviewSchema, clientProjectListSchema, projectOverviewSchema } from '@/contract/portal'
import { paginate } from '../../lib/pagination'
import { callerOf } from '../../plugins/auth'
import * as portal from './service'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }

/** The dashboard and project pages of the client portal (spec 001 §7 "Client"). */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate)
  const overviewCache = portal.createOverviewCache()
  await overviewCache.listen(app.database)

  app.get(
    '/api/client/overview/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['client'],
        summary: "The dashboard's greeting and stat cards",
        security: [{ bearer: [] }],
        response: { 200: clientOverviewSchema, ...errors },
      },
    },
    async (request) => portal.overview(app.db, callerOf(request), new Date(), overviewCache),
  )

  app.get(
    '/api/client/projects/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['client'],
        summary: 'The projects the caller has access to, newest first, 20 per page',
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: clientProjectListSchema, ...errors },
      },
    },
    async (request) =>
      paginate(
        request,
        app.config.publicUrl,
        await portal.listProjects(app.db, callerOf(request), request.query.page),
      ),
  )

  app.get(
    '/api/client/projects/:id/overview/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['client'],
        summary: 'One project: summary, finances, milestones, links and counts',
        description: "404 for a project the caller has no access to, as for one that doesn't exist.",
        security: [{ bearer: [] }],
        params: recordIdParamSchema,
        response: { 200: projectOverviewSchema, ...errors },
      },
    },
    async (request) => portal.projectOverview(app.db, callerOf(request), request.params.id),
  )
}

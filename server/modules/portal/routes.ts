import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pageQuerySchema } from '@/contract/common'
import { clientOverviewSchema, clientProjectListSchema, projectOverviewSchema } from '@/contract/portal'
import { callerOf } from '../../plugins/auth'
import * as portal from './service'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'
import { pageRoute, recordRoute } from '../../lib/route-page'

const schema = routeSchemas({
  tags: ['client'],
  security: bearerSecurity,
  errors: errorAnswers(400, 401, 404),
})

/** The dashboard and project pages of the client portal (spec 001 §7 "Client"). */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate)
  const overviewCache = portal.createOverviewCache()
  await overviewCache.listen(app.database)

  app.get(
    '/api/client/overview/',
    {
      config: { keepAnswer: true },
      schema: schema("The dashboard's greeting and stat cards", { response: { 200: clientOverviewSchema } }),
    },
    async (request) => portal.overview(app.db, callerOf(request), new Date(), overviewCache),
  )

  pageRoute(app, schema, '/api/client/projects/', {
    summary: 'The projects the caller has access to, newest first, 20 per page',
    query: pageQuerySchema,
    page: clientProjectListSchema,
    keepAnswer: true,
    load: (request, query) => portal.listProjects(app.db, callerOf(request), query.page),
  })

  recordRoute(app, schema, '/api/client/projects/:id/overview/', {
    summary: 'One project: summary, finances, milestones, links and counts',
    description: "404 for a project the caller has no access to, as for one that doesn't exist.",
    answer: projectOverviewSchema,
    keepAnswer: true,
    load: (request, id) => portal.projectOverview(app.db, callerOf(request), id),
  })
}

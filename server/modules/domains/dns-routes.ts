import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import {
  dnsChangePreviewSchema,
  dnsVersionListSchema,
  dnsVersionParamSchema,
  emailFixRequestSchema,
  emailHealthQuerySchema,
  emailHealthSchema,
  restoreRequestSchema,
  zoneImportRequestSchema,
} from '@/contract/dns-zone'
import { contentDisposition } from '../../lib/uploads'
import { callerOf } from '../../plugins/auth'
import * as history from './dns-history'
import * as health from './email-fixes'
import * as zone from './dns-zone'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'

const schema = routeSchemas({
  tags: ['domains'],
  security: bearerSecurity,
  errors: errorAnswers(400, 401, 404, 409, 502),
})
/** A 1 MB zone file grows when written as a JSON string (quotes and line breaks escaped). */
const ZONE_BODY_LIMIT = 3 * 1024 * 1024

/** Zone files and the change history of a domain's DNS (issue 29); registered behind the owner's sign-in. */
export const dnsZoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, registrar: app.registrar }

  app.get(
    '/api/domains/domains/:id/zone/',
    {
      schema: schema("The domain's records as a BIND zone file ($ORIGIN, $TTL, SOA, NS, one record a line)", {
        params: recordIdParamSchema,
        response: { 200: z.string() },
      }),
    },
    async (request, reply) => {
      const file = await zone.exportZone(deps, callerOf(request), request.params.id)
      return reply
        .header('content-type', 'text/dns; charset=utf-8')
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .serializer((payload: unknown) => payload as string)
        .send(file.text)
    },
  )

  app.post(
    '/api/domains/domains/:id/zone/',
    {
      bodyLimit: ZONE_BODY_LIMIT,
      schema: schema(
        'Imports a zone file (1 MB, 1,000 records at most): dry_run answers the change; otherwise it replaces the records all or nothing',
        {
          params: recordIdParamSchema,
          body: zoneImportRequestSchema,
          response: { 200: dnsChangePreviewSchema, 413: errorBodySchema },
        },
      ),
    },
    async (request) => zone.importZone(deps, callerOf(request), request.params.id, request.body),
  )

  app.get(
    '/api/domains/domains/:id/dns_history/',
    {
      schema: schema("The versions of the domain's DNS records, newest 200 first (who, when, what)", {
        params: recordIdParamSchema,
        response: { 200: dnsVersionListSchema },
      }),
    },
    async (request) => history.listHistory(app.db, callerOf(request), request.params.id),
  )

  app.post(
    '/api/domains/domains/:id/dns_history/:version/restore/',
    {
      schema: schema("Restores a version's exact records: dry_run answers the change first", {
        params: dnsVersionParamSchema,
        body: restoreRequestSchema,
        response: { 200: dnsChangePreviewSchema },
      }),
    },
    async (request) => history.restoreVersion(deps, callerOf(request), request.params, request.body),
  )

  app.get(
    '/api/domains/domains/:id/email_health/',
    {
      schema: schema(
        'Checks MX, SPF, DMARC and DKIM in the records we hold (no outside DNS query), with fixes',
        {
          params: recordIdParamSchema,
          querystring: emailHealthQuerySchema,
          response: { 200: emailHealthSchema },
        },
      ),
    },
    async (request) =>
      health.checkEmailHealth(app.db, callerOf(request), request.params.id, request.query.dkim_selectors),
  )

  app.post(
    '/api/domains/domains/:id/email_health/fix/',
    {
      schema: schema(
        'Applies one fix the health check offers (kept in the change history) and checks again',
        { params: recordIdParamSchema, body: emailFixRequestSchema, response: { 200: emailHealthSchema } },
      ),
    },
    async (request) => health.applyEmailFix(deps, callerOf(request), request.params.id, request.body),
  )
}

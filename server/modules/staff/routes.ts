import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { auditListSchema, auditQuerySchema, staffOverviewSchema, teamListSchema } from '@/contract/staff'
import { notFound } from '../../lib/errors'
import { staffListRoute, staffSchema } from '../../lib/staff-console'
import { inboxSources } from '../inquiries'
import * as staff from './service'

export interface StaffConsoleOptions {
  /** Each area's console routes (`server/modules/<area>/staff-routes.ts`), registered behind the role check. */
  areas: FastifyPluginAsyncZod[]
}

/**
 * The staff console's API (issue 15). Every route is for staff only: without a token 401, with a client's
 * token 404 (the console's existence leaks nothing), checked before the body is read. This module holds
 * what is console-wide (the role check, the overview, the team, the audit log); each area's console routes
 * live in its own module and are registered here, in this scope, so the same check runs first. Writes go
 * through the owning module's services and are audited there, in the same transaction.
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffConsoleOptions> = async (app, { areas }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/staff/')) return
    await app.authenticate(request, reply)
    if (request.caller?.role !== 'staff') throw notFound()
  })

  app.get(
    '/api/staff/overview/',
    {
      schema: staffSchema(
        'Open tickets by priority (with the overdue ones), new inbox items and failed background jobs',
        {
          response: { 200: staffOverviewSchema },
        },
      ),
    },
    async () => staff.overview(app.db, app.jobs, inboxSources, app.config.publicUrl),
  )

  app.get(
    '/api/staff/team/',
    {
      schema: staffSchema('Active staff members (assignees)', {
        response: { 200: teamListSchema },
      }),
    },
    async () => ({ results: await staff.team(app.db) }),
  )

  staffListRoute(app, '/api/staff/audit/', {
    summary: 'Every staff change (read-only)',
    filters: 'Filters: action, entity_type, entity_id, actor, search (summary, actor, request id).',
    query: auditQuerySchema,
    list: auditListSchema,
    file: 'audit-log',
    load: (query, pageSize) => staff.listAudit(app.db, query, pageSize),
    columns: {
      When: 'created_at',
      Who: (e) => e.actor?.email ?? '',
      Action: 'action',
      Record: (e) => `${e.entity_type}${e.entity_id === null ? '' : ` #${e.entity_id}`}`,
      Summary: 'summary',
      Before: 'before',
      After: 'after',
      Request: 'request_id',
    },
  })

  for (const area of areas) await app.register(area)
}

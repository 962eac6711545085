import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { recordIdParamSchema } from '@/contract/common'
import { clientOptionListSchema } from '@/contract/accounts-staff'
import {
  inviteClientSchema,
  resetTwoFactorSchema,
  staffClientDetailSchema,
  staffClientListSchema,
  staffClientQuerySchema,
} from '@/contract/accounts-staff'
import { recordRoute } from '../../lib/route-page'
import { staffAudit, staffListRoute, staffSchema } from '../../lib/staff-console'
import {
  clientOptions,
  inviteClient,
  listStaffClients,
  resetClientTwoFactor,
  setClientActive,
  staffClientDetail,
  type ClientStaffDeps,
} from './staff-changes'

/**
 * The clients area of the staff console (`/api/staff/clients/…`, `/api/staff/client-options/`): client
 * companies and their users. Registered by the staff module inside its role check.
 */
export const accountStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/client-options/',
    {
      schema: staffSchema('Every client company, for filters and the project form', {
        response: { 200: clientOptionListSchema },
      }),
    },
    async () => ({ results: await clientOptions(app.db) }),
  )

  const clientDeps = (): ClientStaffDeps => ({
    db: app.db,
    mailer: app.mailer,
    sessionState: app.sessionState,
    passwordHashCost: app.config.passwordHashCost,
    publicUrl: app.config.publicUrl,
  })

  staffListRoute(app, '/api/staff/clients/', {
    summary: 'Client companies and their users',
    filters: 'Filters: search (company, e-mail, name), active. Sort: company, newest, last_login.',
    query: staffClientQuerySchema,
    list: staffClientListSchema,
    file: 'clients',
    load: (query, pageSize) => listStaffClients(app.db, query, pageSize),
    columns: {
      ID: 'id',
      Company: 'company_name',
      'E-mail': (c) => c.user.email,
      Name: (c) => `${c.user.first_name} ${c.user.last_name}`,
      Active: (c) => (c.user.is_active ? 'yes' : 'no'),
      'Two-factor': (c) => (c.user.two_factor ? 'on' : 'off'),
      Projects: 'projects_count',
      Apps: 'apps_count',
      'Last sign-in': (c) => c.user.last_login_at ?? '',
      Since: 'created_at',
    },
  })

  app.post(
    '/api/staff/clients/',
    {
      schema: staffSchema(
        'Invite a client user by e-mail (they choose a password through password recovery)',
        {
          body: inviteClientSchema,
          response: { 201: staffClientDetailSchema },
        },
      ),
    },
    async (request, reply) =>
      reply.status(201).send(await inviteClient(clientDeps(), request.body, staffAudit(request))),
  )

  recordRoute(app, staffSchema, '/api/staff/clients/:id/', {
    summary: 'A client with its user, projects and apps',
    answer: staffClientDetailSchema,
    load: (_request, id) => staffClientDetail(app.db, id),
  })

  // Deactivating and activating a client's user: the same switch, either way.
  const switches = [
    {
      action: 'deactivate',
      active: false,
      summary: "Deactivate a client's user: no more sign-in, every session ends now",
    },
    { action: 'activate', active: true, summary: "Let a deactivated client's user sign in again" },
  ]
  for (const { action, active, summary } of switches) {
    app.post(
      `/api/staff/clients/:id/${action}/`,
      {
        schema: staffSchema(summary, {
          params: recordIdParamSchema,
          response: { 200: staffClientDetailSchema },
        }),
      },
      async (request) => setClientActive(clientDeps(), request.params.id, active, staffAudit(request)),
    )
  }

  app.post(
    '/api/staff/clients/:id/reset-two-factor/',
    {
      schema: staffSchema("Reset a client user's two-factor sign-in (the reason is logged)", {
        params: recordIdParamSchema,
        body: resetTwoFactorSchema,
        response: { 200: staffClientDetailSchema },
      }),
    },
    async (request) =>
      resetClientTwoFactor(clientDeps(), request.params.id, request.body.reason, staffAudit(request)),
  )
}

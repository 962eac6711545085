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
    columns: [
      { label: 'ID', value: (c) => c.id },
      { label: 'Company', value: (c) => c.company_name },
      { label: 'E-mail', value: (c) => c.user.email },
      { label: 'Name', value: (c) => `${c.user.first_name} ${c.user.last_name}` },
      { label: 'Active', value: (c) => (c.user.is_active ? 'yes' : 'no') },
      { label: 'Two-factor', value: (c) => (c.user.two_factor ? 'on' : 'off') },
      { label: 'Projects', value: (c) => c.projects_count },
      { label: 'Apps', value: (c) => c.apps_count },
      { label: 'Last sign-in', value: (c) => c.user.last_login_at ?? '' },
      { label: 'Since', value: (c) => c.created_at },
    ],
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

  app.get(
    '/api/staff/clients/:id/',
    {
      schema: staffSchema('A client with its user, projects and apps', {
        params: recordIdParamSchema,
        response: { 200: staffClientDetailSchema },
      }),
    },
    async (request) => staffClientDetail(app.db, request.params.id),
  )

  app.post(
    '/api/staff/clients/:id/deactivate/',
    {
      schema: staffSchema("Deactivate a client's user: no more sign-in, every session ends now", {
        params: recordIdParamSchema,
        response: { 200: staffClientDetailSchema },
      }),
    },
    async (request) => setClientActive(clientDeps(), request.params.id, false, staffAudit(request)),
  )

  app.post(
    '/api/staff/clients/:id/activate/',
    {
      schema: staffSchema("Let a deactivated client's user sign in again", {
        params: recordIdParamSchema,
        response: { 200: staffClientDetailSchema },
      }),
    },
    async (request) => setClientActive(clientDeps(), request.params.id, true, staffAudit(request)),
  )

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

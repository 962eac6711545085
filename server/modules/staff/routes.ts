import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import {
  auditListSchema,
  auditQuerySchema,
  clientOptionListSchema,
  CSV_EXPORT_MAX,
  STAFF_PAGE_SIZE,
  staffCommentSchema,
  staffOverviewSchema,
  staffTicketQuerySchema,
  ticketClientHistorySchema,
  teamListSchema,
} from '@/contract/staff'
import {
  inboxItemSchema,
  inboxListSchema,
  inboxQuerySchema,
  inboxReplySchema,
  inboxStatusSchema,
} from '@/contract/staff-inbox'
import {
  inviteClientSchema,
  resetTwoFactorSchema,
  staffClientDetailSchema,
  staffClientListSchema,
  staffClientQuerySchema,
} from '@/contract/staff-clients'
import {
  createMilestoneSchema,
  createProjectLinkSchema,
  createProjectMemberSchema,
  createStaffProjectSchema,
  staffProjectDetailSchema,
  staffProjectListSchema,
  staffProjectQuerySchema,
  updateMilestoneSchema,
  updateStaffProjectSchema,
} from '@/contract/staff-projects'
import {
  categoryListSchema,
  commentSchema,
  ticketDetailSchema,
  ticketListSchema,
  updateTicketSchema,
} from '@/contract/support'
import type { AuditContext } from '../../lib/audit'
import { toCsv } from '../../lib/csv'
import { notFound } from '../../lib/errors'
import { findInboxRow, listInbox, replyToInboxItem, setInboxStatus } from '../../lib/inbox'
import { paginate, type ListPage } from '../../lib/pagination'
import { contentDisposition } from '../../lib/uploads'
import { callerOf } from '../../plugins/auth'
import { clientStaff } from '../accounts'
import { jobApplicationSource, openCv } from '../careers'
import {
  contactMessageSource,
  franchiseRequestSource,
  openRequirementsFile,
  projectBriefSource,
} from '../inquiries'
import { projectStaff } from '../portal'
import * as support from '../support'
import { registerContentRoutes } from './content-routes'
import { registerOrderRoutes } from './order-routes'
import * as staff from './service'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema }
const bearer = [{ bearer: [] }]
const tags = ['staff']

/** The inbox's kinds, each with the module's source and how its file (if any) is opened. */
const INBOX: { source: staff.AnyInboxSource; openFile: typeof openCv | null }[] = [
  { source: contactMessageSource, openFile: null },
  { source: projectBriefSource, openFile: openRequirementsFile },
  { source: franchiseRequestSource, openFile: null },
  { source: jobApplicationSource, openFile: openCv },
]

/**
 * The staff console's API (issue 15). Every route is for staff only: without a token 401, with a client's
 * token 404 (the console's existence leaks nothing), checked before the body is read. Writes go through
 * the owning module's services and are audited there, in the same transaction.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/staff/')) return
    await app.authenticate(request, reply)
    if (request.caller?.role !== 'staff') throw notFound()
  })

  const audit = (request: FastifyRequest): AuditContext => ({
    actorId: callerOf(request).userId,
    requestId: request.id,
  })
  const supportDeps = (request: FastifyRequest): support.SupportDeps => ({
    db: app.db,
    storage: app.storage,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    responseTargets: app.config.supportResponseTargets,
    log: request.log,
    audit: audit(request),
  })

  /** A list page as JSON, or with `?format=csv` the whole filtered list as a CSV file. */
  async function answerList<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    load: (page: number, pageSize: number) => Promise<ListPage<T>>,
    columns: { label: string; value: (row: T) => unknown }[],
  ) {
    const query = request.query as { page: number; format?: 'json' | 'csv' }
    if (query.format === 'csv') {
      const all = await load(1, CSV_EXPORT_MAX)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`${name}.csv`))
        .serializer((payload: unknown) => payload as string)
        .send(toCsv(columns, all.results))
    }
    return paginate(request, app.config.publicUrl, await load(query.page, STAFF_PAGE_SIZE))
  }
  const csvNote = 'With `format=csv` the whole filtered list (up to 5000 rows) comes as a CSV file.'

  app.get(
    '/api/staff/overview/',
    {
      schema: {
        tags,
        summary:
          'Open tickets by priority (with the overdue ones), new inbox items and failed background jobs',
        security: bearer,
        response: { 200: staffOverviewSchema, ...errors },
      },
    },
    async () =>
      staff.overview(
        app.db,
        app.jobs,
        INBOX.map((k) => k.source),
        app.config.publicUrl,
      ),
  )

  app.get(
    '/api/staff/team/',
    {
      schema: {
        tags,
        summary: 'Active staff members (assignees)',
        security: bearer,
        response: { 200: teamListSchema, ...errors },
      },
    },
    async () => ({ results: await staff.team(app.db) }),
  )

  app.get(
    '/api/staff/client-options/',
    {
      schema: {
        tags,
        summary: 'Every client company, for filters and the project form',
        security: bearer,
        response: { 200: clientOptionListSchema, ...errors },
      },
    },
    async () => ({ results: await staff.clientOptions(app.db) }),
  )

  app.get(
    '/api/staff/ticket-categories/',
    {
      schema: {
        tags,
        summary: 'Ticket categories',
        security: bearer,
        response: { 200: categoryListSchema, ...errors },
      },
    },
    async (request) => {
      const results = await support.listCategories(supportDeps(request))
      return paginate(request, app.config.publicUrl, {
        page: 1,
        pageSize: Math.max(1, results.length),
        count: results.length,
        results,
      })
    },
  )

  // ------------------------------------------------------------------------------------------------
  // Tickets

  app.get(
    '/api/staff/tickets/',
    {
      schema: {
        tags,
        summary: 'The ticket queue across all clients',
        description: `Filters: status, priority, category, client (company id), assigned_to, overdue, search. Sort: priority (overdue first), newest, oldest, updated, due. ${csvNote}`,
        security: bearer,
        querystring: staffTicketQuerySchema,
        response: { 200: ticketListSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'tickets',
        (page, pageSize) =>
          support.listTickets(supportDeps(request), callerOf(request), { ...request.query, page }, pageSize),
        [
          { label: 'ID', value: (t) => t.id },
          { label: 'Title', value: (t) => t.title },
          { label: 'Project', value: (t) => t.project },
          { label: 'Status', value: (t) => t.status },
          { label: 'Priority', value: (t) => t.priority },
          { label: 'Overdue', value: (t) => (t.is_overdue ? 'yes' : 'no') },
          { label: 'Category', value: (t) => t.category?.name ?? '' },
          { label: 'Opened by', value: (t) => `${t.created_by.first_name} ${t.created_by.last_name}` },
          {
            label: 'Assignee',
            value: (t) => (t.assigned_to ? `${t.assigned_to.first_name} ${t.assigned_to.last_name}` : ''),
          },
          { label: 'Due', value: (t) => t.due_date ?? '' },
          { label: 'Created', value: (t) => t.created_at },
        ],
      ),
  )

  app.get(
    '/api/staff/tickets/:id/',
    {
      schema: {
        tags,
        summary: 'One ticket with comments (internal notes included), attachments and activities',
        security: bearer,
        params: recordIdParamSchema,
        response: { 200: ticketDetailSchema, ...errors },
      },
    },
    async (request) => support.ticketDetail(supportDeps(request), callerOf(request), request.params.id),
  )

  app.get(
    '/api/staff/tickets/:id/client-history/',
    {
      schema: {
        tags,
        summary: "The ticket's client: their other tickets (newest 10) and their projects",
        security: bearer,
        params: recordIdParamSchema,
        response: { 200: ticketClientHistorySchema, ...errors },
      },
    },
    async (request) => staff.ticketClientHistory(app.db, request.params.id),
  )

  app.patch(
    '/api/staff/tickets/:id/',
    {
      schema: {
        tags,
        summary: 'Change the status, priority or assignee (e-mailed to the client, audited)',
        security: bearer,
        params: recordIdParamSchema,
        body: updateTicketSchema,
        response: { 200: ticketDetailSchema, ...errors },
      },
    },
    async (request) =>
      support.updateTicket(supportDeps(request), callerOf(request), request.params.id, request.body),
  )

  app.post(
    '/api/staff/tickets/:id/comments/',
    {
      schema: {
        tags,
        summary: 'Reply to the client (e-mailed) or add an internal note (never shown to the client)',
        security: bearer,
        params: recordIdParamSchema,
        body: staffCommentSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { comment } = await support.addComment(supportDeps(request), callerOf(request), {
        ticket: request.params.id,
        content: request.body.content,
        is_internal: request.body.is_internal,
      })
      return reply.status(201).send(comment)
    },
  )

  // ------------------------------------------------------------------------------------------------
  // Projects

  app.get(
    '/api/staff/projects/',
    {
      schema: {
        tags,
        summary: 'Every client project',
        description: `Filters: search, status, client. Sort: updated, newest, name, end_date. ${csvNote}`,
        security: bearer,
        querystring: staffProjectQuerySchema,
        response: { 200: staffProjectListSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'projects',
        (page, pageSize) => projectStaff.listStaffProjects(app.db, { ...request.query, page }, pageSize),
        [
          { label: 'ID', value: (p) => p.id },
          { label: 'Name', value: (p) => p.name },
          { label: 'Key', value: (p) => p.key ?? '' },
          { label: 'Clients', value: (p) => p.clients.map((c) => c.company_name).join('; ') },
          { label: 'Status', value: (p) => p.status },
          { label: 'Priority', value: (p) => p.priority },
          { label: 'Progress', value: (p) => p.progress },
          { label: 'Budget', value: (p) => p.total_budget },
          { label: 'Paid', value: (p) => p.amount_paid },
          { label: 'Start', value: (p) => p.start_date ?? '' },
          { label: 'End', value: (p) => p.end_date ?? '' },
        ],
      ),
  )

  app.post(
    '/api/staff/projects/',
    {
      schema: {
        tags,
        summary: 'Create a project for one or more clients',
        security: bearer,
        body: createStaffProjectSchema,
        response: { 201: staffProjectDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await projectStaff.createStaffProject(app.db, request.body, audit(request))),
  )

  app.get(
    '/api/staff/projects/:id/',
    {
      schema: {
        tags,
        summary: 'A project with its clients, milestones, links and team',
        security: bearer,
        params: recordIdParamSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => projectStaff.staffProjectDetail(app.db, request.params.id),
  )

  app.patch(
    '/api/staff/projects/:id/',
    {
      schema: {
        tags,
        summary: 'Change a project (budget, dates, status, progress, clients, ...)',
        security: bearer,
        params: recordIdParamSchema,
        body: updateStaffProjectSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) =>
      projectStaff.updateStaffProject(app.db, request.params.id, request.body, audit(request)),
  )

  app.post(
    '/api/staff/projects/:id/milestones/',
    {
      schema: {
        tags,
        summary: 'Add a milestone to a project',
        security: bearer,
        params: recordIdParamSchema,
        body: createMilestoneSchema,
        response: { 201: staffProjectDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await projectStaff.addMilestone(app.db, request.params.id, request.body, audit(request))),
  )

  app.patch(
    '/api/staff/milestones/:id/',
    {
      schema: {
        tags,
        summary: 'Change a milestone (marking it paid counts it as paid on the project)',
        security: bearer,
        params: recordIdParamSchema,
        body: updateMilestoneSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => projectStaff.updateMilestone(app.db, request.params.id, request.body, audit(request)),
  )

  app.delete(
    '/api/staff/milestones/:id/',
    {
      schema: {
        tags,
        summary: 'Remove a milestone',
        security: bearer,
        params: recordIdParamSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => projectStaff.deleteMilestone(app.db, request.params.id, audit(request)),
  )

  app.post(
    '/api/staff/projects/:id/links/',
    {
      schema: {
        tags,
        summary: 'Add a link to a project',
        security: bearer,
        params: recordIdParamSchema,
        body: createProjectLinkSchema,
        response: { 201: staffProjectDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await projectStaff.addProjectLink(app.db, request.params.id, request.body, audit(request))),
  )

  app.delete(
    '/api/staff/project-links/:id/',
    {
      schema: {
        tags,
        summary: 'Remove a project link',
        security: bearer,
        params: recordIdParamSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => projectStaff.deleteProjectLink(app.db, request.params.id, audit(request)),
  )

  app.post(
    '/api/staff/projects/:id/members/',
    {
      schema: {
        tags,
        summary: 'Add a team member to a project',
        security: bearer,
        params: recordIdParamSchema,
        body: createProjectMemberSchema,
        response: { 201: staffProjectDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await projectStaff.addProjectMember(app.db, request.params.id, request.body, audit(request))),
  )

  app.delete(
    '/api/staff/project-members/:id/',
    {
      schema: {
        tags,
        summary: "Remove a member from a project's team",
        security: bearer,
        params: recordIdParamSchema,
        response: { 200: staffProjectDetailSchema, ...errors },
      },
    },
    async (request) => projectStaff.deleteProjectMember(app.db, request.params.id, audit(request)),
  )

  // ------------------------------------------------------------------------------------------------
  // Inbox: one set of routes per kind

  for (const { source, openFile } of INBOX) {
    const base = `/api/staff/inbox/${source.kind}/`
    app.get(
      base,
      {
        schema: {
          tags,
          summary: `Inbox: ${source.kind}`,
          description: `Filters: status, search. Sort: newest, oldest, name. ${csvNote}`,
          security: bearer,
          querystring: inboxQuerySchema,
          response: { 200: inboxListSchema, ...errors },
        },
      },
      async (request, reply) =>
        answerList(
          request,
          reply,
          source.kind,
          (page, pageSize) =>
            listInbox(app.db, source, { ...request.query, page }, app.config.publicUrl, pageSize),
          [
            { label: 'ID', value: (i) => i.id },
            { label: 'Received', value: (i) => i.created_at },
            { label: 'Status', value: (i) => i.status },
            { label: 'Name', value: (i) => i.name },
            { label: 'E-mail', value: (i) => i.email },
            { label: 'Subject', value: (i) => i.subject },
            ...['Message', 'Description', 'Phone', 'Company'].map((label) => ({
              label,
              value: (i: z.infer<typeof inboxItemSchema>) =>
                i.fields.find((f) => f.label === label)?.value ?? '',
            })),
          ],
        ),
    )
    app.get(
      `${base}:id/`,
      {
        schema: {
          tags,
          summary: `Inbox: one of ${source.kind}`,
          security: bearer,
          params: recordIdParamSchema,
          response: { 200: inboxItemSchema, ...errors },
        },
      },
      async (request) =>
        source.toItem(await findInboxRow(app.db, source, request.params.id), app.config.publicUrl),
    )
    app.patch(
      `${base}:id/`,
      {
        schema: {
          tags,
          summary: `Inbox: set the status of one of ${source.kind}`,
          security: bearer,
          params: recordIdParamSchema,
          body: inboxStatusSchema,
          response: { 200: inboxItemSchema, ...errors },
        },
      },
      async (request) =>
        setInboxStatus(
          app.db,
          source,
          request.params.id,
          request.body.status,
          audit(request),
          app.config.publicUrl,
        ),
    )
    app.post(
      `${base}:id/reply/`,
      {
        schema: {
          tags,
          summary: `Inbox: answer one of ${source.kind} by e-mail (marks it answered)`,
          security: bearer,
          params: recordIdParamSchema,
          body: inboxReplySchema,
          response: { 200: inboxItemSchema, ...errors, 502: errorBodySchema },
        },
      },
      async (request) =>
        replyToInboxItem(
          { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
          source,
          request.params.id,
          request.body,
          audit(request),
        ),
    )
    if (openFile) {
      app.get(
        `${base}:id/file/`,
        {
          schema: {
            tags,
            summary: `Inbox: download the file of one of ${source.kind}`,
            security: bearer,
            params: recordIdParamSchema,
          },
        },
        async (request, reply) => {
          const file = await openFile(app.db, app.storage, request.params.id)
          return reply
            .header('Content-Type', 'application/octet-stream')
            .header('Content-Disposition', contentDisposition(file.name))
            .header('Cache-Control', 'private, no-store')
            .header('X-Content-Type-Options', 'nosniff')
            .send(file.stream)
        },
      )
    }
  }

  // ------------------------------------------------------------------------------------------------
  // Clients

  const clientDeps = (): clientStaff.ClientStaffDeps => ({
    db: app.db,
    mailer: app.mailer,
    sessionState: app.sessionState,
    passwordHashCost: app.config.passwordHashCost,
    publicUrl: app.config.publicUrl,
  })

  app.get(
    '/api/staff/clients/',
    {
      schema: {
        tags,
        summary: 'Client companies and their users',
        description: `Filters: search (company, e-mail, name), active. Sort: company, newest, last_login. ${csvNote}`,
        security: bearer,
        querystring: staffClientQuerySchema,
        response: { 200: staffClientListSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'clients',
        (page, pageSize) => clientStaff.listStaffClients(app.db, { ...request.query, page }, pageSize),
        [
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
      ),
  )

  app.post(
    '/api/staff/clients/',
    {
      schema: {
        tags,
        summary: 'Invite a client user by e-mail (they choose a password through password recovery)',
        security: bearer,
        body: inviteClientSchema,
        response: { 201: staffClientDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await clientStaff.inviteClient(clientDeps(), request.body, audit(request))),
  )

  app.get(
    '/api/staff/clients/:id/',
    {
      schema: {
        tags,
        summary: 'A client with its user, projects and apps',
        security: bearer,
        params: recordIdParamSchema,
        response: { 200: staffClientDetailSchema, ...errors },
      },
    },
    async (request) => clientStaff.staffClientDetail(app.db, request.params.id),
  )

  app.post(
    '/api/staff/clients/:id/deactivate/',
    {
      schema: {
        tags,
        summary: "Deactivate a client's user: no more sign-in, every session ends now",
        security: bearer,
        params: recordIdParamSchema,
        response: { 200: staffClientDetailSchema, ...errors },
      },
    },
    async (request) => clientStaff.setClientActive(clientDeps(), request.params.id, false, audit(request)),
  )

  app.post(
    '/api/staff/clients/:id/activate/',
    {
      schema: {
        tags,
        summary: "Let a deactivated client's user sign in again",
        security: bearer,
        params: recordIdParamSchema,
        response: { 200: staffClientDetailSchema, ...errors },
      },
    },
    async (request) => clientStaff.setClientActive(clientDeps(), request.params.id, true, audit(request)),
  )

  app.post(
    '/api/staff/clients/:id/reset-two-factor/',
    {
      schema: {
        tags,
        summary: "Reset a client user's two-factor sign-in (the reason is logged)",
        security: bearer,
        params: recordIdParamSchema,
        body: resetTwoFactorSchema,
        response: { 200: staffClientDetailSchema, ...errors },
      },
    },
    async (request) =>
      clientStaff.resetClientTwoFactor(clientDeps(), request.params.id, request.body.reason, audit(request)),
  )

  // ------------------------------------------------------------------------------------------------
  // Content (blog posts, jobs, images)

  registerContentRoutes(app, { audit, answerList, csvNote })

  // ------------------------------------------------------------------------------------------------
  // Orders and payments

  registerOrderRoutes(app, { audit, answerList, csvNote })

  // ------------------------------------------------------------------------------------------------
  // Audit log

  app.get(
    '/api/staff/audit/',
    {
      schema: {
        tags,
        summary: 'Every staff change (read-only)',
        description: `Filters: action, entity_type, entity_id, actor, search (summary, actor, request id). ${csvNote}`,
        security: bearer,
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'audit-log',
        (page, pageSize) => staff.listAudit(app.db, { ...request.query, page }, pageSize),
        [
          { label: 'When', value: (e) => e.created_at },
          { label: 'Who', value: (e) => e.actor?.email ?? '' },
          { label: 'Action', value: (e) => e.action },
          {
            label: 'Record',
            value: (e) => `${e.entity_type}${e.entity_id === null ? '' : ` #${e.entity_id}`}`,
          },
          { label: 'Summary', value: (e) => e.summary },
          { label: 'Before', value: (e) => e.before },
          { label: 'After', value: (e) => e.after },
          { label: 'Request', value: (e) => e.request_id },
        ],
      ),
  )
}

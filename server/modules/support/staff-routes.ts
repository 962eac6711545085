import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { recordIdParamSchema } from '@/contract/common'
import {
  staffCommentSchema,
  staffTicketQuerySchema,
  ticketClientHistorySchema,
} from '@/contract/support-staff'
import {
  categoryListSchema,
  commentSchema,
  ticketDetailSchema,
  ticketListSchema,
  updateTicketSchema,
} from '@/contract/support'
import { paginate } from '../../lib/pagination'
import { answerList, CSV_NOTE, staffErrors, staffSecurity, staffTags } from '../../lib/staff-console'
import { callerOf } from '../../plugins/auth'
import { ticketClientHistory } from './client-history'
import { addComment, listCategories, listTickets } from './service'
import { supportDeps, ticketHandlers } from './ticket-handlers'

const tags = staffTags
const security = staffSecurity
const errors = staffErrors

/**
 * The tickets area of the staff console (`/api/staff/tickets/…`): the queue across all clients, one
 * ticket, its client's history, changes and replies. Registered by the staff module inside its role check.
 */
export const supportStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: Parameters<typeof supportDeps>[1]) => supportDeps(app, request)
  const ticket = ticketHandlers(app)

  app.get(
    '/api/staff/ticket-categories/',
    {
      schema: {
        tags,
        summary: 'Ticket categories',
        security,
        response: { 200: categoryListSchema, ...errors },
      },
    },
    async (request) => {
      const results = await listCategories(deps(request))
      return paginate(request, app.config.publicUrl, {
        page: 1,
        pageSize: Math.max(1, results.length),
        count: results.length,
        results,
      })
    },
  )

  app.get(
    '/api/staff/tickets/',
    {
      schema: {
        tags,
        summary: 'The ticket queue across all clients',
        description: `Filters: status, priority, category, client (company id), assigned_to, overdue, search. Sort: priority (overdue first), newest, oldest, updated, due. ${CSV_NOTE}`,
        security,
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
          listTickets(deps(request), callerOf(request), { ...request.query, page }, pageSize),
        {
          ID: 'id',
          Title: 'title',
          Project: 'project',
          Status: 'status',
          Priority: 'priority',
          Overdue: (t) => (t.is_overdue ? 'yes' : 'no'),
          Category: (t) => t.category?.name ?? '',
          'Opened by': (t) => `${t.created_by.first_name} ${t.created_by.last_name}`,
          Assignee: (t) => (t.assigned_to ? `${t.assigned_to.first_name} ${t.assigned_to.last_name}` : ''),
          Due: 'due_date',
          Created: 'created_at',
        },
      ),
  )

  app.get(
    '/api/staff/tickets/:id/',
    {
      schema: {
        tags,
        summary: 'One ticket with comments (internal notes included), attachments and activities',
        security,
        params: recordIdParamSchema,
        response: { 200: ticketDetailSchema, ...errors },
      },
    },
    ticket.detail,
  )

  app.get(
    '/api/staff/tickets/:id/client-history/',
    {
      schema: {
        tags,
        summary: "The ticket's client: their other tickets (newest 10) and their projects",
        security,
        params: recordIdParamSchema,
        response: { 200: ticketClientHistorySchema, ...errors },
      },
    },
    async (request) => ticketClientHistory(app.db, request.params.id),
  )

  app.patch(
    '/api/staff/tickets/:id/',
    {
      schema: {
        tags,
        summary: 'Change the status, priority or assignee (e-mailed to the client, audited)',
        security,
        params: recordIdParamSchema,
        body: updateTicketSchema,
        response: { 200: ticketDetailSchema, ...errors },
      },
    },
    ticket.update,
  )

  app.post(
    '/api/staff/tickets/:id/comments/',
    {
      schema: {
        tags,
        summary: 'Reply to the client (e-mailed) or add an internal note (never shown to the client)',
        security,
        params: recordIdParamSchema,
        body: staffCommentSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { comment } = await addComment(deps(request), callerOf(request), {
        ticket: request.params.id,
        content: request.body.content,
        is_internal: request.body.is_internal,
      })
      return reply.status(201).send(comment)
    },
  )
}

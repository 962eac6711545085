import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import {
  activityListSchema,
  attachmentListSchema,
  attachmentSchema,
  categoryListSchema,
  commentListSchema,
  commentSchema,
  createCommentSchema,
  ticketChildQuerySchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListSchema,
  updateTicketSchema,
} from '@/contract/support'
import { contentDisposition, readMultipart } from '../../lib/uploads'
import { paginate } from '../../lib/pagination'
import { callerOf } from '../../plugins/auth'
import * as support from './service'
import { supportDeps, ticketHandlers } from './ticket-handlers'

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema }
const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema }
const bearer = [{ bearer: [] }]

/** Support tickets of spec 001 §7 "Support", plus the staff side (all tickets, internal notes, changes). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate)
  const deps = (request: FastifyRequest) => supportDeps(app, request)
  const ticket = ticketHandlers(app)
  /** One page holding every child of a ticket (they are few and shown together). */
  const wholeList = <T>(request: FastifyRequest, results: T[]) =>
    paginate(request, app.config.publicUrl, {
      page: 1,
      pageSize: Math.max(support.CHILD_PAGE_SIZE, results.length),
      count: results.length,
      results,
    })

  app.get(
    '/api/support/tickets/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['support'],
        summary: 'Tickets of the projects the caller can see (staff: all), newest first, 20 per page',
        description:
          'Filters: `project`, `status`, `priority`, `search` (title and description); staff may also filter by `assigned_to`.',
        security: bearer,
        querystring: ticketListQuerySchema,
        response: { 200: ticketListSchema, ...errors },
      },
    },
    async (request) =>
      paginate(
        request,
        app.config.publicUrl,
        await support.listTickets(deps(request), callerOf(request), request.query),
      ),
  )

  app.post(
    '/api/support/tickets/',
    {
      schema: {
        tags: ['support'],
        summary: 'Open a ticket on a project (multipart/form-data)',
        description:
          "Fields: `title`, `description` (required), `priority` (low, medium, high, urgent; default medium), `project` (id), optional `category` (id) and `file` (.pdf, .doc, .docx, .txt, .jpg, .jpeg, .png or .gif, at most 10 MB, checked by its bytes). The due date follows the priority's response target.",
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 201: ticketDetailSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const upload = await readMultipart(request, app.storage, { file: support.attachmentRule })
      const ticket = await support.createTicket(deps(request), callerOf(request), upload)
      return reply.status(201).send(ticket)
    },
  )

  app.get(
    '/api/support/tickets/:id/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['support'],
        summary: 'One ticket with its comments, attachments and activities',
        description: 'Internal notes and their activities are included for staff only.',
        security: bearer,
        params: recordIdParamSchema,
        response: { 200: ticketDetailSchema, ...errors },
      },
    },
    ticket.detail,
  )

  app.patch(
    '/api/support/tickets/:id/',
    {
      schema: {
        tags: ['support', 'staff'],
        summary: 'Staff: change the status, priority or assignee of a ticket',
        description:
          'Each change is recorded as an activity and e-mailed to the client who opened the ticket. A new priority starts a new response target.',
        security: bearer,
        params: recordIdParamSchema,
        body: updateTicketSchema,
        response: { 200: ticketDetailSchema, ...errors },
      },
      preHandler: app.requireStaff,
    },
    ticket.update,
  )

  app.get(
    '/api/support/comments/',
    {
      schema: {
        tags: ['support'],
        summary: "A ticket's comments, oldest first (internal notes for staff only)",
        security: bearer,
        querystring: ticketChildQuerySchema,
        response: { 200: commentListSchema, ...errors },
      },
    },
    async (request) =>
      wholeList(request, await support.listComments(deps(request), callerOf(request), request.query.ticket)),
  )

  app.post(
    '/api/support/comments/',
    {
      schema: {
        tags: ['support'],
        summary: 'Comment on a ticket; staff may add internal notes',
        description:
          'Staff replies are e-mailed to the client who opened the ticket. A comment sent again with the same `client_ref` (a queued offline write) returns the stored one with 200.',
        security: bearer,
        body: createCommentSchema,
        response: { 200: commentSchema, 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { comment, created } = await support.addComment(deps(request), callerOf(request), request.body)
      return reply.status(created ? 201 : 200).send(comment)
    },
  )

  app.get(
    '/api/support/attachments/',
    {
      schema: {
        tags: ['support'],
        summary: "A ticket's attachments, oldest first",
        security: bearer,
        querystring: ticketChildQuerySchema,
        response: { 200: attachmentListSchema, ...errors },
      },
    },
    async (request) =>
      wholeList(
        request,
        await support.listAttachments(deps(request), callerOf(request), request.query.ticket),
      ),
  )

  app.post(
    '/api/support/attachments/',
    {
      schema: {
        tags: ['support'],
        summary: 'Attach a file to a ticket (multipart/form-data: file, ticket)',
        description:
          '.pdf, .doc, .docx, .txt, .jpg, .jpeg, .png or .gif, at most 10 MB, checked by its bytes.',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 201: attachmentSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const upload = await readMultipart(request, app.storage, { file: support.requiredAttachmentRule })
      const attachment = await support.addAttachment(deps(request), callerOf(request), upload)
      return reply.status(201).send(attachment)
    },
  )

  app.get(
    '/api/support/attachments/:id/download/',
    {
      schema: {
        tags: ['support'],
        summary: "Download an attachment (the ticket's client or staff only)",
        security: bearer,
        description:
          'Answers the file itself as an attachment (with its own type and a safe file name); 404 `{detail}` for anyone else.',
        params: recordIdParamSchema,
      },
    },
    async (request, reply) => {
      const { attachment, stream } = await support.openAttachment(
        deps(request),
        callerOf(request),
        request.params.id,
      )
      return reply
        .header('Content-Type', attachment.mime)
        .header('Content-Length', attachment.fileSize)
        .header('Content-Disposition', contentDisposition(attachment.fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream)
    },
  )

  app.get(
    '/api/support/activities/',
    {
      schema: {
        tags: ['support'],
        summary: "A ticket's activities, oldest first (those about internal notes for staff only)",
        security: bearer,
        querystring: ticketChildQuerySchema,
        response: { 200: activityListSchema, ...errors },
      },
    },
    async (request) =>
      wholeList(
        request,
        await support.listActivities(deps(request), callerOf(request), request.query.ticket),
      ),
  )

  app.get(
    '/api/support/categories/',
    {
      config: { keepAnswer: true },
      schema: {
        tags: ['support'],
        summary: 'Ticket categories',
        security: bearer,
        response: { 200: categoryListSchema, 401: errorBodySchema },
      },
    },
    async (request) => wholeList(request, await support.listCategories(deps(request))),
  )
}

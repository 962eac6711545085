import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
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
import { contentDisposition, readMultipart, type MultipartResult, type UploadRule } from '../../lib/uploads'
import { paginate } from '../../lib/pagination'
import { pageRoute } from '../../lib/route-page'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'
import { callerOf } from '../../plugins/auth'
import * as support from './service'
import { supportDeps, ticketHandlers } from './ticket-handlers'

const errors = errorAnswers(400, 401, 403, 404)
const bearer = bearerSecurity
const schema = routeSchemas({ tags: ['support'], security: bearer, errors })

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
  /** A ticket's comments, attachments or activities (`?ticket=`), as one page. */
  const childList = <T>(
    path: string,
    summary: string,
    list: z.ZodMiniType,
    load: (request: FastifyRequest, ticket: number) => Promise<T[]>,
  ) =>
    app.get(
      path,
      { schema: schema(summary, { querystring: ticketChildQuerySchema, response: { 200: list } }) },
      async (request) => wholeList(request, await load(request, request.query.ticket)),
    )
  /** A multipart/form-data upload (its file checked by `rule`) made into a record, answered with 201. */
  const uploadRoute = <T>(
    path: string,
    route: {
      summary: string
      description: string
      answer: z.ZodMiniType
      rule: UploadRule
      make: (request: FastifyRequest, upload: MultipartResult) => Promise<T>
    },
  ) =>
    app.post(
      path,
      {
        schema: schema(route.summary, {
          description: route.description,
          consumes: ['multipart/form-data'],
          response: { 201: route.answer, 413: errorBodySchema, 415: errorBodySchema },
        }),
      },
      async (request, reply) => {
        const upload = await readMultipart(request, app.storage, { file: route.rule })
        return reply.status(201).send(await route.make(request, upload))
      },
    )

  pageRoute(app, schema, '/api/support/tickets/', {
    summary: 'Tickets of the projects the caller can see (staff: all), newest first, 20 per page',
    description:
      'Filters: `project`, `status`, `priority`, `search` (title and description); staff may also filter by `assigned_to`.',
    query: ticketListQuerySchema,
    page: ticketListSchema,
    keepAnswer: true,
    load: (request, query) => support.listTickets(deps(request), callerOf(request), query),
  })

  uploadRoute('/api/support/tickets/', {
    summary: 'Open a ticket on a project (multipart/form-data)',
    description:
      "Fields: `title`, `description` (required), `priority` (low, medium, high, urgent; default medium), `project` (id), optional `category` (id) and `file` (.pdf, .doc, .docx, .txt, .jpg, .jpeg, .png or .gif, at most 10 MB, checked by its bytes). The due date follows the priority's response target.",
    answer: ticketDetailSchema,
    rule: support.attachmentRule,
    make: (request, upload) => support.createTicket(deps(request), callerOf(request), upload),
  })

  app.get(
    '/api/support/tickets/:id/',
    {
      config: { keepAnswer: true },
      schema: schema('One ticket with its comments, attachments and activities', {
        description: 'Internal notes and their activities are included for staff only.',
        params: recordIdParamSchema,
        response: { 200: ticketDetailSchema },
      }),
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

  childList(
    '/api/support/comments/',
    "A ticket's comments, oldest first (internal notes for staff only)",
    commentListSchema,
    (request, ticket) => support.listComments(deps(request), callerOf(request), ticket),
  )

  app.post(
    '/api/support/comments/',
    {
      schema: schema('Comment on a ticket; staff may add internal notes', {
        description:
          'Staff replies are e-mailed to the client who opened the ticket. A comment sent again with the same `client_ref` (a queued offline write) returns the stored one with 200.',
        body: createCommentSchema,
        response: { 200: commentSchema, 201: commentSchema },
      }),
    },
    async (request, reply) => {
      const { comment, created } = await support.addComment(deps(request), callerOf(request), request.body)
      return reply.status(created ? 201 : 200).send(comment)
    },
  )

  childList(
    '/api/support/attachments/',
    "A ticket's attachments, oldest first",
    attachmentListSchema,
    (request, ticket) => support.listAttachments(deps(request), callerOf(request), ticket),
  )

  uploadRoute('/api/support/attachments/', {
    summary: 'Attach a file to a ticket (multipart/form-data: file, ticket)',
    description: '.pdf, .doc, .docx, .txt, .jpg, .jpeg, .png or .gif, at most 10 MB, checked by its bytes.',
    answer: attachmentSchema,
    rule: support.requiredAttachmentRule,
    make: (request, upload) => support.addAttachment(deps(request), callerOf(request), upload),
  })

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

  childList(
    '/api/support/activities/',
    "A ticket's activities, oldest first (those about internal notes for staff only)",
    activityListSchema,
    (request, ticket) => support.listActivities(deps(request), callerOf(request), ticket),
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

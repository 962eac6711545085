import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type * as z from 'zod/mini'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import {
  inboxItemSchema,
  inboxListSchema,
  inboxQuerySchema,
  inboxReplySchema,
  inboxStatusSchema,
} from '@/contract/inquiries-staff'
import { findInboxRow, listInbox, replyToInboxItem, setInboxStatus, type InboxSource } from '../../lib/inbox'
import { staffAudit, staffListRoute, staffSchema, staffSecurity, staffTags } from '../../lib/staff-console'
import { contentDisposition } from '../../lib/uploads'
import { jobApplicationSource, openCv } from '../careers'
import {
  contactMessageSource,
  franchiseRequestSource,
  openRequirementsFile,
  projectBriefSource,
} from './inbox'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each source has its own row type
export type AnyInboxSource = InboxSource<any>

/** The inbox's kinds, each with the module's source and how its file (if any) is opened. */
const INBOX: { source: AnyInboxSource; openFile: typeof openCv | null }[] = [
  { source: contactMessageSource, openFile: null },
  { source: projectBriefSource, openFile: openRequirementsFile },
  { source: franchiseRequestSource, openFile: null },
  { source: jobApplicationSource, openFile: openCv },
]

/** Every kind the inbox holds (the console's overview counts their new items). */
export const inboxSources: AnyInboxSource[] = INBOX.map((kind) => kind.source)

/**
 * The inbox area of the staff console (`/api/staff/inbox/{kind}/…`): the public forms' messages and the
 * job applications, one set of routes per kind. Registered by the staff module inside its role check.
 */
export const inquiryStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { source, openFile } of INBOX) {
    const base = `/api/staff/inbox/${source.kind}/`
    staffListRoute(app, base, {
      summary: `Inbox: ${source.kind}`,
      filters: 'Filters: status, search. Sort: newest, oldest, name.',
      query: inboxQuerySchema,
      list: inboxListSchema,
      file: source.kind,
      load: (query, pageSize) => listInbox(app.db, source, query, app.config.publicUrl, pageSize),
      columns: {
        ID: 'id',
        Received: 'created_at',
        Status: 'status',
        Name: 'name',
        'E-mail': 'email',
        Subject: 'subject',
        ...Object.fromEntries(
          ['Message', 'Description', 'Phone', 'Company'].map((label) => [
            label,
            (i: z.infer<typeof inboxItemSchema>) => i.fields.find((f) => f.label === label)?.value ?? '',
          ]),
        ),
      },
    })
    app.get(
      `${base}:id/`,
      {
        schema: staffSchema(`Inbox: one of ${source.kind}`, {
          params: recordIdParamSchema,
          response: { 200: inboxItemSchema },
        }),
      },
      async (request) =>
        source.toItem(await findInboxRow(app.db, source, request.params.id), app.config.publicUrl),
    )
    app.patch(
      `${base}:id/`,
      {
        schema: staffSchema(`Inbox: set the status of one of ${source.kind}`, {
          params: recordIdParamSchema,
          body: inboxStatusSchema,
          response: { 200: inboxItemSchema },
        }),
      },
      async (request) =>
        setInboxStatus(
          app.db,
          source,
          request.params.id,
          request.body.status,
          staffAudit(request),
          app.config.publicUrl,
        ),
    )
    app.post(
      `${base}:id/reply/`,
      {
        schema: staffSchema(`Inbox: answer one of ${source.kind} by e-mail (marks it answered)`, {
          params: recordIdParamSchema,
          body: inboxReplySchema,
          response: { 200: inboxItemSchema, 502: errorBodySchema },
        }),
      },
      async (request) =>
        replyToInboxItem(
          { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
          source,
          request.params.id,
          request.body,
          staffAudit(request),
        ),
    )
    if (openFile) {
      app.get(
        `${base}:id/file/`,
        {
          schema: {
            tags: staffTags,
            summary: `Inbox: download the file of one of ${source.kind}`,
            security: staffSecurity,
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
}

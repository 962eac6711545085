import type { FastifyBaseLogger } from 'fastify'
import { readRecordId } from '@/contract/common'
import { site } from '@/contract/site'
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  createTicketFieldsSchema,
  supportMessages,
  TICKETS_PAGE_SIZE,
  type CreateCommentInput,
  type TicketComment,
  type TicketDetail,
  type TicketPriority,
  type TicketSort,
  type TicketStatus,
} from '@/contract/support'
import type { Mailer } from '../../adapters/mail'
import { StorageUnavailableError, type FileStorage } from '../../adapters/storage'
import type { Database } from '../../db/client'
import { recordAudit, type AuditContext } from '../../lib/audit'
import { ApiError, badRequest, notFound } from '../../lib/errors'
import { pageWindow } from '../../lib/pagination'
import { discardFiles, type MultipartResult, type StoredFile, type UploadRule } from '../../lib/uploads'
import type { Caller } from '../../plugins/auth'
import { canReadProject } from '../portal'
import { notifyClient } from './notifications'
import * as repo from './repository'
import { dueDateFor, type ResponseTargets } from '../../lib/response-targets'
import { fullName, toActivity, toAttachment, toComment, toTicket } from './responses'

/** Comments, attachments and activities of one ticket come in one page of up to this many. */
export const CHILD_PAGE_SIZE = 100

export interface SupportDeps {
  db: Database
  storage: FileStorage
  mailer: Mailer
  publicUrl: string
  responseTargets: ResponseTargets
  log: FastifyBaseLogger
  /** Set when staff make the change: it is recorded in the audit log in the same transaction. */
  audit?: AuditContext | undefined
}

export const attachmentRule: UploadRule = {
  kinds: [...ATTACHMENT_EXTENSIONS],
  maxBytes: ATTACHMENT_MAX_BYTES,
  tooLargeMessage: supportMessages.attachmentTooLarge,
  badTypeMessage: supportMessages.attachmentBadType,
  area: 'ticket-attachments',
}
export const requiredAttachmentRule: UploadRule = { ...attachmentRule, required: true }

const isStaff = (caller: Caller) => caller.role === 'staff'

export async function visibleTicket(deps: SupportDeps, caller: Caller, ticketId: number) {
  const row = await repo.findTicket(deps.db, caller, ticketId)
  if (!row) throw notFound()
  return row
}

export async function listTickets(
  deps: SupportDeps,
  caller: Caller,
  query: {
    page: number
    project?: number | undefined
    status?: TicketStatus | undefined
    priority?: TicketPriority | undefined
    search?: string | undefined
    assigned_to?: number | undefined
    category?: number | undefined
    client?: number | undefined
    overdue?: boolean | undefined
    sort?: TicketSort | undefined
  },
  pageSize: number = TICKETS_PAGE_SIZE,
) {
  const { count, rows } = await repo.listTickets(
    deps.db,
    caller,
    {
      project: query.project,
      status: query.status,
      priority: query.priority,
      search: query.search || undefined,
      assignedTo: isStaff(caller) ? query.assigned_to : undefined,
      sort: query.sort,
      ...(isStaff(caller) ? { category: query.category, client: query.client, overdue: query.overdue } : {}),
    },
    pageWindow(query.page, pageSize),
  )
  const now = new Date()
  return { page: query.page, pageSize, count, results: rows.map((r) => toTicket(r, now)) }
}

/** The ticket with its comments, attachments and activities; internal ones only for staff. */
export async function ticketDetail(
  deps: SupportDeps,
  caller: Caller,
  ticketId: number,
): Promise<TicketDetail> {
  const row = await visibleTicket(deps, caller, ticketId)
  const staff = isStaff(caller)
  const [comments, attachments, activities] = await Promise.all([
    repo.listComments(deps.db, ticketId, staff),
    repo.listAttachments(deps.db, ticketId),
    repo.listActivities(deps.db, ticketId, staff),
  ])
  return {
    ...toTicket(row, new Date()),
    comments: comments.map(toComment),
    attachments: attachments.map((a) => toAttachment(a, deps.publicUrl)),
    activities: activities.map(toActivity),
  }
}

export async function listComments(deps: SupportDeps, caller: Caller, ticketId: number) {
  await visibleTicket(deps, caller, ticketId)
  const rows = await repo.listComments(deps.db, ticketId, isStaff(caller))
  return rows.map(toComment)
}

export async function listAttachments(deps: SupportDeps, caller: Caller, ticketId: number) {
  await visibleTicket(deps, caller, ticketId)
  const rows = await repo.listAttachments(deps.db, ticketId)
  return rows.map((r) => toAttachment(r, deps.publicUrl))
}

export async function listActivities(deps: SupportDeps, caller: Caller, ticketId: number) {
  await visibleTicket(deps, caller, ticketId)
  const rows = await repo.listActivities(deps.db, ticketId, isStaff(caller))
  return rows.map(toActivity)
}

export async function listCategories(deps: SupportDeps) {
  return repo.listCategories(deps.db)
}

/** Field errors of a ticket form; a blank title or description answers the spec's own text. */
function parseTicketFields(fields: Record<string, string>) {
  // Optional fields sent empty by a form mean "not given".
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''))
  const parsed = createTicketFieldsSchema.safeParse(present)
  if (parsed.success) return parsed.data
  const errors: Record<string, string[]> = {}
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors')
    ;(errors[field] ??= []).push(issue.message)
  }
  const missing = !present.title || !present.description
  throw badRequest(missing ? supportMessages.requiredFields : 'Invalid input.', errors)
}

/**
 * POST /api/support/tickets/: title, description, priority, project, optional category and file (read from
 * the multipart form with `{ file: attachmentRule }`). A refused ticket keeps no file.
 */
export async function createTicket(deps: SupportDeps, caller: Caller, { fields, files }: MultipartResult) {
  try {
    const input = parseTicketFields(fields)
    if (!(await canReadProject(deps.db, caller, input.project))) throw notFound()
    if (input.category !== undefined && !(await repo.categoryExists(deps.db, input.category))) {
      throw badRequest('Invalid input.', { category: ['Select a valid category.'] })
    }
    const now = new Date()
    const ticketId = await deps.db.transaction(async (tx) => {
      const id = await repo.insertTicket(tx, {
        projectId: input.project,
        title: input.title,
        description: input.description,
        priority: input.priority,
        status: 'new',
        categoryId: input.category ?? null,
        createdById: caller.userId,
        dueAt: dueDateFor(now, deps.responseTargets[input.priority]),
        createdAt: now,
        updatedAt: now,
      })
      await repo.insertActivity(tx, {
        ticketId: id,
        activityType: 'created',
        performedById: caller.userId,
        description: 'Ticket created',
        newValue: 'new',
        createdAt: now,
      })
      if (files.file) await attach(tx, id, caller.userId, files.file, now)
      return id
    })
    return ticketDetail(deps, caller, ticketId)
  } catch (error) {
    await discardFiles(deps.storage, files)
    throw error
  }
}

async function attach(
  tx: Parameters<typeof repo.insertAttachment>[0],
  ticketId: number,
  userId: number,
  file: StoredFile,
  at: Date,
) {
  const id = await repo.insertAttachment(tx, {
    ticketId,
    storageKey: file.key,
    fileName: file.originalName,
    fileSize: file.size,
    mime: file.mime,
    uploadedById: userId,
    uploadedAt: at,
  })
  await repo.insertActivity(tx, {
    ticketId,
    activityType: 'attachment_added',
    performedById: userId,
    description: `Attachment ${file.originalName} added to the ticket`,
    newValue: file.originalName,
    createdAt: at,
  })
  return id
}

/** POST /api/support/attachments/: file and ticket (read with `{ file: requiredAttachmentRule }`). */
export async function addAttachment(deps: SupportDeps, caller: Caller, { fields, files }: MultipartResult) {
  try {
    const ticketId = readRecordId(fields.ticket ?? '')
    if (ticketId === null) throw badRequest('Invalid input.', { ticket: ['A valid ticket id is required.'] })
    await visibleTicket(deps, caller, ticketId)
    const file = files.file
    if (!file) throw badRequest('Invalid input.', { file: ['No file was submitted.'] })
    const now = new Date()
    const id = await deps.db.transaction(async (tx) => {
      const attachmentId = await attach(tx, ticketId, caller.userId, file, now)
      await repo.updateTicket(tx, ticketId, { updatedAt: now })
      return attachmentId
    })
    const row = await repo.findAttachmentRow(deps.db, id)
    if (!row) throw notFound()
    return toAttachment(row, deps.publicUrl)
  } catch (error) {
    await discardFiles(deps.storage, files)
    throw error
  }
}

/** The stored file of an attachment, only for the ticket's client or staff. */
export async function openAttachment(deps: SupportDeps, caller: Caller, attachmentId: number) {
  const attachment = await repo.findVisibleAttachment(deps.db, caller, attachmentId)
  if (!attachment) throw notFound()
  try {
    const stream = await deps.storage.open(attachment.storageKey)
    return { attachment, stream }
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw error
    deps.log.error({ err: error, attachmentId }, 'attachment file missing from storage')
    throw notFound('File not found.')
  }
}

/**
 * POST /api/support/comments/. A comment resent with the same client_ref (a queued offline write whose
 * first answer was lost) returns the stored one instead of a duplicate.
 */
export async function addComment(
  deps: SupportDeps,
  caller: Caller,
  input: CreateCommentInput,
): Promise<{ comment: TicketComment; created: boolean }> {
  const ticket = await visibleTicket(deps, caller, input.ticket)
  if (input.is_internal && !isStaff(caller)) throw new ApiError(403, supportMessages.internalStaffOnly)
  if (input.client_ref) {
    const existing = await repo.findCommentByRef(deps.db, caller.userId, input.client_ref)
    if (existing) {
      if (existing.comment.ticketId !== ticket.ticket.id)
        throw badRequest('Invalid input.', { client_ref: ['This reference is already used.'] })
      return { comment: toComment(existing), created: false }
    }
  }
  const now = new Date()
  let commentId: number
  try {
    commentId = await deps.db.transaction(async (tx) => {
      const id = await repo.insertComment(tx, {
        ticketId: ticket.ticket.id,
        authorId: caller.userId,
        content: input.content,
        isInternal: input.is_internal,
        clientRef: input.client_ref ?? null,
        createdAt: now,
      })
      await repo.insertActivity(tx, {
        ticketId: ticket.ticket.id,
        activityType: input.is_internal ? 'internal_note_added' : 'comment_added',
        performedById: caller.userId,
        description: input.is_internal ? 'Internal note added to the ticket' : 'Comment added to the ticket',
        isInternal: input.is_internal,
        createdAt: now,
      })
      const reopen = !isStaff(caller) && ticket.ticket.status === 'waiting_on_client'
      // The client answered what the team was waiting for: the ticket is back with the team.
      if (reopen) {
        await repo.insertActivity(tx, {
          ticketId: ticket.ticket.id,
          activityType: 'status_changed',
          performedById: caller.userId,
          description: 'Ticket status changed from Waiting On Client to Open after the client replied',
          oldValue: 'waiting_on_client',
          newValue: 'open',
          createdAt: now,
        })
      }
      await repo.updateTicket(tx, ticket.ticket.id, { updatedAt: now, ...(reopen ? { status: 'open' } : {}) })
      if (deps.audit && isStaff(caller)) {
        await recordAudit(tx, deps.audit, {
          action: input.is_internal ? 'ticket.note' : 'ticket.reply',
          entityType: 'ticket',
          entityId: ticket.ticket.id,
          summary: input.is_internal ? 'Internal note added' : 'Reply sent to the client',
          before: null,
          after: { comment: id, content: input.content, is_internal: input.is_internal },
        })
      }
      return id
    })
  } catch (error) {
    // Two sends of one queued comment raced; the unique index kept one of them.
    if (input.client_ref && isUniqueViolation(error)) {
      const existing = await repo.findCommentByRef(deps.db, caller.userId, input.client_ref)
      if (existing) return { comment: toComment(existing), created: false }
    }
    throw error
  }
  const row = await repo.findCommentRow(deps.db, commentId)
  if (!row) throw notFound()
  if (isStaff(caller) && !input.is_internal) {
    await notifyClient(deps, ticket, {
      subject: `New reply on your ticket #${ticket.ticket.id}`,
      body: `${fullName(row.author)} from the ${site.name} team replied to your ticket "${ticket.ticket.title}":\n\n${input.content}`,
    })
  }
  return { comment: toComment(row), created: true }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

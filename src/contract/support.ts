import * as z from 'zod/mini'
import { pageNumber, paginated, personSchema, recordId, requiredText } from './common'

/** Support tickets (spec 001 §3): statuses seen overall; the panel's filter offers five of them. */
export const TICKET_STATUSES = [
  'new',
  'open',
  'in_progress',
  'waiting_on_client',
  'waiting_on_third_party',
  'resolved',
  'closed',
] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]
export const FILTER_STATUSES = [
  'new',
  'open',
  'in_progress',
  'resolved',
  'closed',
] as const satisfies readonly TicketStatus[]
/** A ticket in one of these is done: it can no longer be overdue. */
export const FINISHED_STATUSES: readonly TicketStatus[] = ['resolved', 'closed']

/** Tickets per page of the ticket list, for clients and staff. */
export const TICKETS_PAGE_SIZE = 20

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const
export type TicketPriority = (typeof TICKET_PRIORITIES)[number]
export const DEFAULT_PRIORITY: TicketPriority = 'medium'

export const ACTIVITY_TYPES = [
  'created',
  'comment_added',
  'attachment_added',
  'status_changed',
  'priority_changed',
  'assigned',
  'internal_note_added',
] as const
/** Spec 001 §5 and §9: what a ticket attachment may be. */
export const ATTACHMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png', 'gif'] as const
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024

export const TITLE_MAX = 200
export const DESCRIPTION_MAX = 5000
export const COMMENT_MAX = 5000

/** Texts of spec 001 §5 and §8 for tickets, plus ours for offline and limits. */
export const supportMessages = {
  requiredFields: 'Please fill in all required fields',
  errorLoadingTickets: 'Error Loading Tickets',
  fetchTicketsFailed: 'Failed to fetch tickets',
  created: 'Support ticket created successfully',
  createFailed: 'Failed to create support ticket',
  commentAdded: 'Comment added successfully!',
  commentFailed: 'Failed to add comment. Please try again.',
  uploaded: 'File uploaded successfully!',
  uploadFailed: 'Failed to upload file. Please try again.',
  attachmentTooLarge: 'File size must be less than 10MB',
  attachmentBadType: `File type not supported. Please upload: ${ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(', ')}`,
  internalStaffOnly: 'Only staff can add internal notes.',
  notStaffAssignee: 'Tickets can only be assigned to staff members.',
  noChanges: 'Nothing to change.',
  offlineCreate: 'You are offline. Creating a ticket needs a connection.',
  offlineUpload: 'You are offline. Uploading files needs a connection.',
  commentQueued: 'You are offline. Your comment will be sent when you are back online.',
  commentWaitsForSignIn:
    'Your session has expired. Your comment is kept and will be sent after you sign in again.',
  /** Shown on the sign-in page after a session expired with comments still unsent. */
  commentsWaitForUser: (count: number, email: string) =>
    `${count === 1 ? '1 comment' : `${count} comments`} written offline ${count === 1 ? 'is' : 'are'} waiting. Sign in again as ${email} to send ${count === 1 ? 'it' : 'them'}; signing in as someone else discards ${count === 1 ? 'it' : 'them'}.`,
  /** After signing in again: the waiting comments go out. */
  commentsResumed: (count: number) =>
    `${count === 1 ? '1 comment' : `${count} comments`} written offline ${count === 1 ? 'is' : 'are'} being sent.`,
  pending: 'Pending',
  retrying: 'Retrying',
  failed: 'Failed',
  /** A queued comment the server could not take yet (5xx, 503, no answer): it is sent again by itself. */
  commentRetrying: (at: string, reason: string) => `Retrying at ${at}. ${reason}`,
  /** A queued comment the server refused for good: it stays until the user retries or discards it. */
  commentRefused: (reason: string) => `Not sent: ${reason}`,
  /** Logging out with comments not delivered yet. */
  unsentOnLogoutTitle: 'Comments not sent yet',
  unsentOnLogout: (count: number) =>
    `${count === 1 ? '1 comment you wrote has' : `${count} comments you wrote have`} not reached the team yet. Logging out removes ${count === 1 ? 'it' : 'them'} from this device.`,
  unsentOnLogoutOffline: 'You are offline: they can be sent once you are back online.',
  sendThenLogout: 'Send them, then log out',
  discardAndLogout: 'Discard and log out',
  overdue: 'OVERDUE',
} as const

const timestamp = z.string()

export const categorySchema = z.object({ id: z.int(), name: z.string() })
export const categoryListSchema = paginated(categorySchema)

/** A comment's author; staff replies carry a team badge in the client's view. */
export const commentAuthorSchema = z.extend(personSchema, { is_staff: z.boolean() })

export const commentSchema = z.object({
  id: z.int(),
  ticket: z.int(),
  author: commentAuthorSchema,
  content: z.string(),
  is_internal: z.boolean(),
  created_at: timestamp,
  /** The id the sender chose for a comment written offline, so a resent one is not stored twice. */
  client_ref: z.nullable(z.string()),
})
export type TicketComment = z.infer<typeof commentSchema>
export const commentListSchema = paginated(commentSchema)

export const attachmentSchema = z.object({
  id: z.int(),
  ticket: z.int(),
  file_name: z.string(),
  /** Bytes. */
  file_size: z.int(),
  /** The download URL: our endpoint, which checks the caller each time. */
  file: z.string(),
  uploaded_by: personSchema,
  uploaded_at: timestamp,
})
export type TicketAttachment = z.infer<typeof attachmentSchema>
export const attachmentListSchema = paginated(attachmentSchema)

export const activitySchema = z.object({
  id: z.int(),
  ticket: z.int(),
  activity_type: z.string(),
  performed_by: z.nullable(personSchema),
  description: z.string(),
  old_value: z.nullable(z.string()),
  new_value: z.nullable(z.string()),
  created_at: timestamp,
})
export type TicketActivity = z.infer<typeof activitySchema>
export const activityListSchema = paginated(activitySchema)

export const ticketSchema = z.object({
  id: z.int(),
  project: z.int(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  priority: z.string(),
  is_overdue: z.boolean(),
  created_by: personSchema,
  created_at: timestamp,
  updated_at: timestamp,
  assigned_to: z.nullable(personSchema),
  category: z.nullable(categorySchema),
  due_date: z.nullable(timestamp),
})
export type Ticket = z.infer<typeof ticketSchema>
export const ticketListSchema = paginated(ticketSchema)
export type TicketList = z.infer<typeof ticketListSchema>

export const ticketDetailSchema = z.extend(ticketSchema, {
  comments: z.array(commentSchema),
  attachments: z.array(attachmentSchema),
  activities: z.array(activitySchema),
})
export type TicketDetail = z.infer<typeof ticketDetailSchema>

const queryId = z.optional(recordId())

/** Orders of the staff ticket queue; 'priority' puts overdue tickets first. */
export const TICKET_SORTS = ['newest', 'oldest', 'updated', 'due', 'priority'] as const
export type TicketSort = (typeof TICKET_SORTS)[number]

export const ticketListQuerySchema = z.object({
  page: pageNumber(),
  project: queryId,
  status: z.optional(z.enum(TICKET_STATUSES)),
  priority: z.optional(z.enum(TICKET_PRIORITIES)),
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** Staff only: tickets assigned to one staff member. */
  assigned_to: queryId,
  /** Newest first unless asked; 'updated' puts the tickets with the latest replies first. */
  sort: z.optional(z.enum(TICKET_SORTS)),
})

/** `?ticket={id}` of the comment, attachment and activity lists (each one page with all of them). */
export const ticketChildQuerySchema = z.object({ ticket: recordId() })

/** The text fields of POST /api/support/tickets/ (multipart; the file travels beside them). */
export const createTicketFieldsSchema = z.object({
  title: requiredText(TITLE_MAX),
  description: requiredText(DESCRIPTION_MAX),
  priority: z._default(z.optional(z.enum(TICKET_PRIORITIES)), DEFAULT_PRIORITY),
  project: recordId(),
  category: z.optional(recordId()),
})

export const createCommentSchema = z.object({
  ticket: recordId(),
  content: requiredText(COMMENT_MAX),
  is_internal: z._default(z.optional(z.boolean()), false),
  client_ref: z.optional(z.uuid()),
})
/** POST /api/support/comments/ as the server reads it. */
export type CreateCommentInput = z.output<typeof createCommentSchema>
/** A comment as the renderer sends (and queues) it: always with `client_ref`, so a resent one is stored once. */
export type AddCommentInput = CreateCommentInput & { client_ref: string }

/** Staff changes to a ticket: PATCH /api/support/tickets/{id}/. */
export const updateTicketSchema = z.object({
  status: z.optional(z.enum(TICKET_STATUSES)),
  priority: z.optional(z.enum(TICKET_PRIORITIES)),
  assigned_to: z.optional(z.nullable(recordId())),
})
export type UpdateTicketInput = z.output<typeof updateTicketSchema>

/** Overdue: the due date has passed and the ticket is neither resolved nor closed. */
export function isOverdue(dueDate: Date | string | null, status: string, now: Date = new Date()): boolean {
  if (!dueDate) return false
  if ((FINISHED_STATUSES as readonly string[]).includes(status)) return false
  const due = typeof dueDate === 'string' ? Date.parse(dueDate) : dueDate.getTime()
  return !Number.isNaN(due) && due < now.getTime()
}

import * as z from 'zod/mini'
import { optionalQueryText, pageNumber, paginated, requiredText } from './common'
import { INBOX_KINDS, type InboxKind } from './inbox-kinds'

export { INBOX_KINDS, type InboxKind }

/** Where a public form or application stands with the team (issue 15, the staff inbox). */
export const INBOX_STATUSES = ['new', 'in_progress', 'answered', 'archived'] as const
export type InboxStatus = (typeof INBOX_STATUSES)[number]

export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  'contact-messages': 'Contact messages',
  'project-briefs': 'Project briefs',
  'franchise-requests': 'Franchise requests',
  'job-applications': 'Job applications',
}

export const INBOX_PAGE_SIZE = 20
export const REPLY_SUBJECT_MAX = 200
export const REPLY_MAX = 10_000

export const inboxMessages = {
  replied: 'Reply sent.',
  statusChanged: 'Status updated.',
  replyFailed: 'The reply could not be sent. Please try again.',
} as const

/** One inbox item: the common columns, the form's own fields in `fields`, and its file if it has one. */
export const inboxItemSchema = z.object({
  id: z.int(),
  kind: z.enum(INBOX_KINDS),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  status: z.enum(INBOX_STATUSES),
  created_at: z.string(),
  /** Label → value, in the form's order (phone, company, message, ...). */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  /** The download URL of the requirements file or CV (staff only), or null. */
  file: z.nullable(z.object({ name: z.string(), size: z.int(), url: z.string() })),
})
export type InboxItem = z.infer<typeof inboxItemSchema>
export const inboxListSchema = paginated(inboxItemSchema)

export const INBOX_SORTS = ['newest', 'oldest', 'name'] as const
export const inboxQuerySchema = z.object({
  page: pageNumber(),
  status: z.optional(z.enum(INBOX_STATUSES)),
  search: optionalQueryText(200),
  sort: z._default(z.optional(z.enum(INBOX_SORTS)), 'newest'),
  format: z.optional(z.enum(['json', 'csv'])),
})
export type InboxQuery = z.output<typeof inboxQuerySchema>

export const inboxStatusSchema = z.object({ status: z.enum(INBOX_STATUSES) })

/** A reply by e-mail; sending it marks the item answered. */
export const inboxReplySchema = z.object({
  subject: requiredText(REPLY_SUBJECT_MAX),
  message: requiredText(REPLY_MAX),
})
export type InboxReplyInput = z.output<typeof inboxReplySchema>

/** Where the console downloads an item's file (a brief's requirements, an application's CV). */
export const inboxFilePath = (kind: InboxKind, id: number) => `/api/staff/inbox/${kind}/${id}/file/`

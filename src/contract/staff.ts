import * as z from 'zod/mini'
import { optionalQueryText, pageNumber, paginated, personSchema, recordId } from './common'
import { TICKET_PRIORITIES } from './support'
import { INBOX_KINDS } from './inbox-kinds'

/** The staff console (issue 15): lives at /staff, calls /api/staff/…; clients get 404 there. */
export const STAFF_CONSOLE_PATH = '/staff'
export const STAFF_PAGE_SIZE = 20
/** The most rows one CSV export holds. */
export const CSV_EXPORT_MAX = 5000

export const staffMessages = {
  consoleTitle: 'Staff console',
  loadFailed: 'Failed to load. Please try again.',
  saveFailed: 'Could not save. Please try again.',
  saved: 'Saved.',
  replySent: 'Reply sent to the client.',
  noteAdded: 'Internal note added.',
} as const

/** `?format=csv` on a list answers the whole filtered list (up to CSV_EXPORT_MAX rows) as CSV. */
export const csvFormat = z.optional(z.enum(['json', 'csv']))

/** A staff member, for the assignee choice. */
export const teamMemberSchema = z.extend(personSchema, { id: z.int(), email: z.string() })
export const teamListSchema = z.object({ results: z.array(teamMemberSchema) })
export type TeamMember = z.infer<typeof teamMemberSchema>

/** How many failed background jobs the overview lists (the newest). */
export const FAILED_JOBS_SHOWN = 5

/** How far ahead the overview looks for expiring domains, and how many of them it lists (soonest first). */
export const EXPIRING_DOMAINS_DAYS = 30
export const EXPIRING_DOMAINS_SHOWN = 5

/** GET /api/staff/overview/. */
export const staffOverviewSchema = z.object({
  tickets: z.array(z.object({ priority: z.enum(TICKET_PRIORITIES), open: z.int(), overdue: z.int() })),
  inbox: z.array(z.object({ kind: z.enum(INBOX_KINDS), new: z.int() })),
  /** Background jobs that used up their retries (the queue keeps them about a week). */
  failed_jobs: z.object({
    count: z.int(),
    latest: z.array(
      z.object({ id: z.string(), name: z.string(), error: z.string(), failed_at: z.nullable(z.string()) }),
    ),
  }),
  /** Orders paid since midnight UTC (refunded ones excluded), in USD cents. */
  payments_today: z.object({ count: z.int(), total_minor: z.int(), currency: z.literal('USD') }),
  /** Active domains whose registration ends within EXPIRING_DOMAINS_DAYS. */
  expiring_domains: z.object({
    count: z.int(),
    soonest: z.array(
      z.object({
        id: z.int(),
        domain_name: z.string(),
        expiry_date: z.string(),
        auto_renew: z.boolean(),
        client: z.nullable(z.object({ id: z.int(), company_name: z.string() })),
      }),
    ),
  }),
})
export type StaffOverview = z.infer<typeof staffOverviewSchema>

export const auditEntrySchema = z.object({
  id: z.int(),
  actor: z.nullable(z.object({ id: z.int(), email: z.string() })),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.nullable(z.int()),
  summary: z.string(),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  request_id: z.string(),
  created_at: z.string(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
export const auditListSchema = paginated(auditEntrySchema)

export const AUDIT_SORTS = ['newest', 'oldest'] as const
export const auditQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  action: optionalQueryText(100),
  entity_type: optionalQueryText(100),
  entity_id: z.optional(recordId()),
  actor: z.optional(recordId()),
  sort: z._default(z.optional(z.enum(AUDIT_SORTS)), 'newest'),
  format: csvFormat,
})
export type AuditQuery = z.output<typeof auditQuerySchema>

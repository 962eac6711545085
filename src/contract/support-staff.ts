import * as z from 'zod/mini'
import { clientOptionSchema } from './accounts-staff'
import { optionalQueryText, pageNumber, recordId } from './common'
import { PROJECT_STATUSES } from './portal'
import { csvFormat } from './staff'
import { TICKET_PRIORITIES, TICKET_SORTS, TICKET_STATUSES } from './support'

/** The tickets area of the staff console (/api/staff/tickets/…); the client side is support.ts. */

/** GET /api/staff/tickets/: the queue across all clients. */
export const staffTicketQuerySchema = z.object({
  page: pageNumber(),
  search: optionalQueryText(200),
  status: z.optional(z.enum(TICKET_STATUSES)),
  priority: z.optional(z.enum(TICKET_PRIORITIES)),
  category: z.optional(recordId()),
  client: z.optional(recordId()),
  assigned_to: z.optional(recordId()),
  overdue: z.optional(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((v) => v === 'true'),
    ),
  ),
  sort: z._default(z.optional(z.enum(TICKET_SORTS)), 'priority'),
  format: csvFormat,
})

/** A staff reply or internal note on a ticket. */
export const staffCommentSchema = z.object({
  content: z.string().check(z.trim(), z.minLength(1, 'This field is required.'), z.maxLength(5000)),
  is_internal: z._default(z.optional(z.boolean()), false),
})

/** How many of the client's other tickets the ticket view lists (newest first). */
export const CLIENT_HISTORY_TICKETS = 10

/**
 * GET /api/staff/tickets/{id}/client-history/: the client behind a ticket (the company of the user who
 * opened it, else every company with access to its project), their other tickets and their projects.
 */
export const ticketClientHistorySchema = z.object({
  clients: z.array(clientOptionSchema),
  tickets_count: z.int(),
  tickets: z.array(
    z.object({
      id: z.int(),
      title: z.string(),
      status: z.enum(TICKET_STATUSES),
      priority: z.enum(TICKET_PRIORITIES),
      project: z.int(),
      created_at: z.string(),
    }),
  ),
  projects: z.array(z.object({ id: z.int(), name: z.string(), status: z.enum(PROJECT_STATUSES) })),
})
export type TicketClientHistory = z.infer<typeof ticketClientHistorySchema>

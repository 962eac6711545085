import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamptzNow, optionalRef } from './columns'
import { users } from './accounts'

/**
 * Every change made by staff (issue 15): who, what, the record before and after, when, and the request
 * that made it. Written in the same transaction as the change; never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: optionalRef(() => users.id),
    /** The actor's e-mail when the change was made, kept if the account goes away. */
    actorEmail: text().notNull(),
    /** What was done, `<area>.<verb>`: 'ticket.update', 'project.create', 'inbox.reply'. */
    action: text().notNull(),
    /** The kind of record changed ('ticket', 'project', 'contact_message', ...) and its id. */
    entityType: text().notNull(),
    entityId: integer(),
    summary: text().notNull().default(''),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    requestId: text().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
)

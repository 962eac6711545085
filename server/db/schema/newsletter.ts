import { sql } from 'drizzle-orm'
import { pgTable, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * One row per address; unsubscribing keeps the row (status) so a later subscribe reactivates it. An
 * address is `pending` until its owner follows the confirmation link (double opt-in); `token` is in the
 * confirmation and unsubscribe links.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    status: text({ enum: ['pending', 'subscribed', 'unsubscribed'] })
      .notNull()
      .default('subscribed'),
    subscribedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    token: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_subscribers_token_idx').on(t.token),
  ],
)

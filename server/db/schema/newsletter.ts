import { sql } from 'drizzle-orm'
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow } from './columns'

/**
 * One row per address; unsubscribing keeps the row (status) so a later subscribe reactivates it. An
 * address is `pending` until its owner follows the confirmation link (double opt-in); `token` is in the
 * confirmation and unsubscribe links.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text().notNull(),
    status: text({ enum: ['pending', 'subscribed', 'unsubscribed'] })
      .notNull()
      .default('subscribed'),
    subscribedAt: timestamptzNow(),
    unsubscribedAt: timestamptz(),
    confirmedAt: timestamptz(),
    token: text(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_subscribers_token_idx').on(t.token),
  ],
)

import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** First-party page views: no cookies, no IP addresses stored. */
export const pageViews = pgTable(
  'page_views',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    path: text().notNull(),
    referrer: text(),
    sessionId: text(),
    platform: text(),
    userId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_path_idx').on(t.path), index('page_views_created_idx').on(t.createdAt)],
)

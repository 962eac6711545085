import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamptzNow } from './columns'

/** First-party page views: no cookies, no IP addresses stored. */
export const pageViews = pgTable(
  'page_views',
  {
    id: id(),
    path: text().notNull(),
    referrer: text(),
    sessionId: text(),
    platform: text(),
    userId: integer(),
    createdAt: timestamptzNow(),
  },
  (t) => [index('page_views_path_idx').on(t.path), index('page_views_created_idx').on(t.createdAt)],
)

import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamptzNow } from './columns'

export const partners = pgTable('partners', {
  id: id(),
  name: text().notNull(),
  /** Logo path or URL; null falls back to the placeholder. */
  image: text(),
  website: text(),
  position: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
  createdAt: timestamptzNow(),
})

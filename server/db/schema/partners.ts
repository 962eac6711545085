import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const partners = pgTable('partners', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  /** Logo path or URL; null falls back to the placeholder. */
  image: text(),
  website: text(),
  position: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

import { boolean, doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamptzNow } from './columns'

/** The company's offices, listed by `position`; the first is the contact page's office block. */
export const offices = pgTable('offices', {
  id: id(),
  title: text().notNull(),
  address: text().notNull(),
  phone: text(),
  email: text(),
  lat: doublePrecision(),
  lng: doublePrecision(),
  position: integer().notNull().default(0),
  /** Published: listed on the contact page and in the assistant's answers. */
  isActive: boolean().notNull().default(true),
  createdAt: timestamptzNow(),
})

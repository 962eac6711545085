// Column shapes most tables share, so a table lists only what is its own. Each call makes a fresh
// column builder; the name comes from the key (casing: snake_case), so the SQL is the same as spelled out.
import { integer, timestamp } from 'drizzle-orm/pg-core'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** The row's own id: an identity column. */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity()

/** A moment in UTC (`timestamp with time zone`); null until it happens. */
export const timestamptz = () => timestamp({ withTimezone: true })

/** A moment set when the row is written (`createdAt`, `updatedAt`, …). */
export const timestamptzNow = () => timestamptz().notNull().defaultNow()

/** The row's owner: required, and the row goes when its owner goes. */
export const parentId = (column: () => AnyPgColumn) =>
  integer().notNull().references(column, { onDelete: 'cascade' })

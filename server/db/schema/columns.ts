// Column shapes most tables share, so a table lists only what is its own. Each call makes a fresh
// column builder; the name comes from the key (casing: snake_case), so the SQL is the same as spelled out.
// Groups of columns are spread into a table (`...timestamps()`) where they stand in its column order.
import { integer, text, timestamp } from 'drizzle-orm/pg-core'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { INBOX_STATUSES } from '@/contract/inquiries-staff'

/** The row's own id: an identity column. */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity()

/** A moment in UTC (`timestamp with time zone`); null until it happens. */
export const timestamptz = () => timestamp({ withTimezone: true })

/** A moment set when the row is written (`createdAt`, `updatedAt`, …). */
export const timestamptzNow = () => timestamptz().notNull().defaultNow()

/** The row's owner: required, and the row goes when its owner goes. */
export const parentId = (column: () => AnyPgColumn) =>
  integer().notNull().references(column, { onDelete: 'cascade' })

/** A row it may point at: null when none, and cleared when that row goes. */
export const optionalRef = (column: () => AnyPgColumn) =>
  integer().references(column, { onDelete: 'set null' })

/** A row it must point at, which cannot go while this row does (its author, its order). */
export const requiredRef = (column: () => AnyPgColumn) =>
  integer().notNull().references(column, { onDelete: 'restrict' })

/** When the row was written and when it last changed (the code that changes it sets `updatedAt`). */
export const timestamps = () => ({
  createdAt: timestamptzNow(),
  updatedAt: timestamptzNow(),
})

/**
 * A single-use link or token sent to someone, stored as its SHA-256 hash: good until `expiresAt`, spent
 * at `usedAt`.
 */
export const singleUseToken = () => ({
  tokenHash: text().notNull().unique(),
  createdAt: timestamptzNow(),
  expiresAt: timestamptz().notNull(),
  usedAt: timestamptz(),
})

/** Where a message sent to the company (contact form, brief, application) stands in the staff inbox. */
export const inboxEntry = () => ({
  status: text({ enum: INBOX_STATUSES }).notNull().default('new'),
  createdAt: timestamptzNow(),
})

import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow } from './columns'
import { users } from './accounts'

/**
 * One row per password-recovery code request. Requests for addresses without an account are recorded
 * too (with no code), so the resend and hourly rules answer the same whether or not an account exists.
 * A verified code yields a single-use reset token, kept here as a hash.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: id(),
    email: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    method: text({ enum: ['email', 'sms'] }).notNull(),
    codeHash: text(),
    attempts: integer().notNull().default(0),
    createdAt: timestamptzNow(),
    expiresAt: timestamptz().notNull(),
    /** A newer code for the same address replaces this one. */
    supersededAt: timestamptz(),
    verifiedAt: timestamptz(),
    resetTokenHash: text().unique(),
    resetTokenExpiresAt: timestamptz(),
    usedAt: timestamptz(),
  },
  (t) => [index('password_reset_codes_email_idx').on(sql`lower(${t.email})`, t.createdAt)],
)

import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'

/**
 * One signed-in device: a refresh-token family with where and when it was used. The session ends at
 * `expiresAt` whatever happens (rotation does not extend it), or earlier when unused or revoked.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean().notNull(),
    userAgent: text().notNull().default(''),
    ipAddress: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
)

/** The TOTP secret of a user; `confirmedAt` is null while the authenticator app is being set up. */
export const totpSecrets = pgTable('totp_secrets', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code works once (RFC 6238 §5.2). */
  lastUsedStep: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Single-use recovery codes, stored as scrypt hashes (they are short, so a fast hash would not do). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

/**
 * Failed sign-in and code attempts per account (not per address, which a client can change): each
 * failure past the free ones doubles the wait before the next attempt, up to a cap.
 */
export const accountThrottles = pgTable('account_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailureAt: timestamp({ withTimezone: true }).notNull(),
  blockedUntil: timestamp({ withTimezone: true }),
})

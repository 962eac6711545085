import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { timestamptz, timestamptzNow, parentId } from './columns'
import { ownedTable } from './tables'
import { users } from './accounts'

/**
 * One signed-in device: a refresh-token family with where and when it was used. The session ends at
 * `expiresAt` whatever happens (rotation does not extend it), or earlier when unused or revoked.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey(),
    userId: parentId(() => users.id),
    remember: boolean().notNull(),
    userAgent: text().notNull().default(''),
    ipAddress: text().notNull().default(''),
    createdAt: timestamptzNow(),
    lastUsedAt: timestamptzNow(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
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
  confirmedAt: timestamptz(),
  /** The last 30-second step a code was accepted for: a code works once (RFC 6238 §5.2). */
  lastUsedStep: integer().notNull().default(0),
  createdAt: timestamptzNow(),
})

/** Single-use recovery codes, stored as scrypt hashes (they are short, so a fast hash would not do). */
export const recoveryCodes = ownedTable(
  'recovery_codes',
  { key: 'userId', references: () => users.id, indexName: 'user' },
  {
    codeHash: text().notNull(),
    createdAt: timestamptzNow(),
    usedAt: timestamptz(),
  },
)

/**
 * Failed sign-in and code attempts per account (not per address, which a client can change): each
 * failure past the free ones doubles the wait before the next attempt, up to a cap.
 */
export const accountThrottles = pgTable('account_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailureAt: timestamptz().notNull(),
  blockedUntil: timestamptz(),
})

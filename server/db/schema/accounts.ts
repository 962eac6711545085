import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, parentId } from './columns'
import { userTokenTable } from './tables'

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text({ enum: ['client', 'staff'] })
      .notNull()
      .default('client'),
    isActive: boolean().notNull().default(true),
    createdAt: timestamptzNow(),
    lastLoginAt: timestamptz(),
    /** Access tokens issued before this moment are refused (logout everywhere, password change, reset). */
    tokensValidAfter: timestamptz(),
    /** When the owner opened the verification link sent to `email` (null: not verified). */
    emailVerifiedAt: timestamptz(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
)

/** The company profile of a client user; staff users have none. */
export const clients = pgTable('clients', {
  id: id(),
  userId: parentId(() => users.id).unique(),
  companyName: text().notNull().default(''),
  phone: text().notNull().default(''),
  address: text().notNull().default(''),
  newsletter: boolean().notNull().default(false),
  createdAt: timestamptzNow(),
})

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each login starts a family (an `auth_sessions` row
 * with the same id); every refresh rotates the token within it, and presenting a rotated token again
 * revokes the whole family, except a retry within the short reuse grace window (see `refresh` in
 * server/modules/auth/service.ts), which is answered with the same successor.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: parentId(() => users.id),
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    remember: boolean().notNull().default(true),
    createdAt: timestamptzNow(),
    expiresAt: timestamptz().notNull(),
    rotatedAt: timestamptz(),
    /**
     * The token this one was rotated into, encrypted with a key derived from this token (AES-256-GCM):
     * only a caller presenting this token can read it, so a retry within the grace window gets the same
     * successor back. Never readable from the database alone.
     */
    successorSealed: text(),
    revokedAt: timestamptz(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
)

/** A requested e-mail change: it takes effect when the link sent to the new address is opened. */
export const emailChanges = userTokenTable('email_changes', () => users.id, { newEmail: text().notNull() })

/**
 * A verification link sent to an account's address at registration (or again on request). Opening it
 * verifies the address it was sent to, as long as the account still uses that address.
 */
export const emailVerifications = userTokenTable('email_verifications', () => users.id, {
  email: text().notNull(),
})

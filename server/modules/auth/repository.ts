import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { firstOf, firstRow, rowsById, updateRows } from '../../db/rows'
import {
  accountThrottles,
  authSessions,
  clients,
  emailVerifications,
  refreshTokens,
  users,
} from '../../db/schema'

export type UserRow = typeof users.$inferSelect
export type ClientRow = typeof clients.$inferSelect
export type SessionRow = typeof authSessions.$inferSelect

export const { insert: insertUser } = rowsById(users, 'user')
export const { insert: insertClient } = rowsById(clients, 'client')

export async function findUserByEmail(db: Executor, email: string) {
  return firstOf(
    db
      .select({ user: users, client: clients })
      .from(users)
      .leftJoin(clients, eq(clients.userId, users.id))
      .$dynamic(),
    eq(sql`lower(${users.email})`, email.toLowerCase()),
  )
}

export async function findUserById(db: Executor, id: number) {
  return firstOf(
    db
      .select({ user: users, client: clients })
      .from(users)
      .leftJoin(clients, eq(clients.userId, users.id))
      .$dynamic(),
    eq(users.id, id),
  )
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}

export async function touchLastLogin(db: Executor, userId: number) {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId))
}

export async function setTokensValidAfter(db: Executor, userId: number, at: Date) {
  await db.update(users).set({ tokensValidAfter: at }).where(eq(users.id, userId))
}

export async function insertSession(db: Executor, values: typeof authSessions.$inferInsert) {
  await db.insert(authSessions).values(values)
}

export async function findSession(db: Executor, id: string) {
  return firstRow(db, authSessions, eq(authSessions.id, id))
}

export async function touchSession(
  db: Executor,
  id: string,
  values: { ipAddress: string; userAgent: string },
) {
  await db
    .update(authSessions)
    .set({ lastUsedAt: new Date(), ...values })
    .where(eq(authSessions.id, id))
}

/** Sessions still open: not revoked and within their absolute lifetime, newest use first. */
export async function listOpenSessions(db: Executor, userId: number) {
  return db
    .select()
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authSessions.lastUsedAt))
}

/** Revokes one session and its refresh tokens; answers whether it was open. */
export async function revokeSession(db: Executor, id: string, reason: string): Promise<boolean> {
  const now = new Date()
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id })
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, id), isNull(refreshTokens.revokedAt)))
  return rows.length === 1
}

/** Revokes every session of a user except `keep` (when given). */
export async function revokeSessionsOfUser(db: Executor, userId: number, reason: string, keep?: string) {
  const now = new Date()
  const open = and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt))
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(keep ? and(open, ne(authSessions.id, keep)) : open)
  const tokens = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt))
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(keep ? and(tokens, ne(refreshTokens.familyId, keep)) : tokens)
}

export async function insertRefreshToken(db: Executor, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values)
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  return firstRow(db, refreshTokens, eq(refreshTokens.tokenHash, tokenHash))
}

/**
 * Marks a token rotated into the successor sealed in `successorSealed`; false when another request
 * already rotated or revoked it. Run it in the transaction that inserts the successor: a concurrent
 * request with the same token waits on the row and then finds the successor committed.
 */
export async function markRotated(
  db: Executor,
  id: number,
  values: { rotatedAt: Date; successorSealed: string },
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set(values)
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id })
  return rows.length === 1
}

/** The throttle's wait rule (`THROTTLE` in throttle.ts). */
export interface ThrottleRule {
  freeFailures: number
  firstDelayMs: number
  maxDelayMs: number
  forgetAfterMs: number
}

/**
 * Counts one failure on `key` and sets the wait `rule` calls for, in one statement, unless the key is
 * still waiting: then nothing is written and the answer is undefined.
 */
export async function claimThrottledAttempt(db: Executor, key: string, now: Date, rule: ThrottleRule) {
  const forgetBefore = new Date(now.getTime() - rule.forgetAfterMs)
  const previous = sql`case when ${accountThrottles.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 0 else ${accountThrottles.failures} end`
  const over = sql`(${previous} + 1 - ${rule.freeFailures})`
  const delayMs = sql`least(${rule.firstDelayMs} * power(2, ${over} - 1), ${rule.maxDelayMs})`
  const [claimed] = await db
    .insert(accountThrottles)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: accountThrottles.key,
      set: {
        failures: sql`${previous} + 1`,
        lastFailureAt: now,
        blockedUntil: sql`case when ${over} > 0 then ${now.toISOString()}::timestamptz + ${delayMs} * interval '1 millisecond' else null end`,
      },
      setWhere: sql`${accountThrottles.blockedUntil} is null or ${accountThrottles.blockedUntil} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ failures: accountThrottles.failures })
  return claimed
}

export async function findThrottle(db: Executor, key: string) {
  return firstRow(db, accountThrottles, eq(accountThrottles.key, key))
}

export async function deleteThrottle(db: Executor, key: string) {
  await db.delete(accountThrottles).where(eq(accountThrottles.key, key))
}

/** The user row alone (no client). */
export async function findUserRow(db: Executor, id: number) {
  return firstRow(db, users, eq(users.id, id))
}

export async function insertEmailVerification(db: Executor, values: typeof emailVerifications.$inferInsert) {
  await db.insert(emailVerifications).values(values)
}

/** Marks an unused, unexpired verification link used and answers it; undefined when there is none. */
export async function useVerificationLink(db: Executor, tokenHash: string) {
  return updateRows(
    db,
    emailVerifications,
    and(
      eq(emailVerifications.tokenHash, tokenHash),
      isNull(emailVerifications.usedAt),
      gt(emailVerifications.expiresAt, sql`now()`),
    ),
    { usedAt: new Date() },
  )
}

/** Verifies the user's address if it is still `email` (the first time counts); undefined when it is not. */
export async function markEmailVerified(db: Executor, userId: number, email: string) {
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .returning({ id: users.id, email: users.email })
  return user
}

export async function emailVerifiedAt(db: Executor, userId: number) {
  const row = await firstOf(
    db.select({ at: users.emailVerifiedAt }).from(users).$dynamic(),
    eq(users.id, userId),
  )
  return row?.at ?? null
}

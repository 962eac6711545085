import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { clients, passwordResetCodes, users } from '../../db/schema'
import { allRows, firstRow, insertRow } from '../../db/rows'

export type ResetCodeRow = typeof passwordResetCodes.$inferSelect

const sameAddress = (email: string) => eq(sql`lower(${passwordResetCodes.email})`, email.toLowerCase())

/** The active account behind an address, with what recovery needs to reach its owner. */
export async function findAccount(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, phone: clients.phone })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.isActive, true)))
    .limit(1)
  return row
}

const newestFirst = [desc(passwordResetCodes.createdAt), desc(passwordResetCodes.id)]

/** The newest code request for an address, whatever its state. */
export async function latestRequest(db: Executor, email: string) {
  const [row] = await allRows(db, passwordResetCodes, sameAddress(email), newestFirst, 1)
  return row
}

export async function countRequestsSince(db: Executor, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetCodes)
    .where(and(sameAddress(email), gt(passwordResetCodes.createdAt, since)))
  return row?.n ?? 0
}

/** A newer code replaces every earlier one of the address that was not used. */
export async function supersedeOpenRequests(db: Executor, email: string, now: Date) {
  await db
    .update(passwordResetCodes)
    .set({ supersededAt: now })
    .where(
      and(sameAddress(email), isNull(passwordResetCodes.supersededAt), isNull(passwordResetCodes.usedAt)),
    )
}

export async function insertRequest(db: Executor, values: typeof passwordResetCodes.$inferInsert) {
  return insertRow(db, passwordResetCodes, values, 'insert returned no code request')
}

/** The address's current code: the newest one not replaced by another. */
export async function activeRequest(db: Executor, email: string) {
  const current = and(sameAddress(email), isNull(passwordResetCodes.supersededAt))
  const [row] = await allRows(db, passwordResetCodes, current, newestFirst, 1)
  return row
}

/** Counts one attempt, atomically; undefined when the attempts are used up or the code was verified. */
export async function countAttempt(db: Executor, id: number, maxAttempts: number) {
  const [row] = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(
      and(
        eq(passwordResetCodes.id, id),
        lt(passwordResetCodes.attempts, maxAttempts),
        isNull(passwordResetCodes.verifiedAt),
        isNull(passwordResetCodes.supersededAt),
      ),
    )
    .returning({ attempts: passwordResetCodes.attempts })
  return row?.attempts
}

/** Marks the code verified and stores its reset token; false when another request verified it first. */
export async function markVerified(
  db: Executor,
  id: number,
  values: { resetTokenHash: string; resetTokenExpiresAt: Date; verifiedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(passwordResetCodes)
    .set(values)
    .where(and(eq(passwordResetCodes.id, id), isNull(passwordResetCodes.verifiedAt)))
    .returning({ id: passwordResetCodes.id })
  return rows.length === 1
}

export async function findByResetToken(db: Executor, resetTokenHash: string) {
  return firstRow(db, passwordResetCodes, eq(passwordResetCodes.resetTokenHash, resetTokenHash))
}

/** Uses the reset token once; false when it was already used. */
export async function markUsed(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetCodes)
    .set({ usedAt: now })
    .where(and(eq(passwordResetCodes.id, id), isNull(passwordResetCodes.usedAt)))
    .returning({ id: passwordResetCodes.id })
  return rows.length === 1
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}

import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { recoveryCodes, totpSecrets } from '../../db/schema'
import { firstRow } from '../../db/rows'

export async function findTotp(db: Executor, userId: number) {
  return firstRow(db, totpSecrets, eq(totpSecrets.userId, userId))
}

export async function hasConfirmedTotp(db: Executor, userId: number): Promise<boolean> {
  const row = await findTotp(db, userId)
  return !!row?.confirmedAt
}

/** A new, unconfirmed secret (replacing an earlier unconfirmed one). */
export async function savePendingTotp(db: Executor, userId: number, secret: string) {
  await db
    .insert(totpSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secret, confirmedAt: null, lastUsedStep: 0, createdAt: new Date() },
    })
}

export async function confirmTotp(db: Executor, userId: number, step: number) {
  await db
    .update(totpSecrets)
    .set({ confirmedAt: new Date(), lastUsedStep: step })
    .where(eq(totpSecrets.userId, userId))
}

/** Records the step a code was used for; false when that step (or a later one) was already used. */
export async function useStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(totpSecrets)
    .set({ lastUsedStep: step })
    .where(and(eq(totpSecrets.userId, userId), lt(totpSecrets.lastUsedStep, step)))
    .returning({ userId: totpSecrets.userId })
  return rows.length === 1
}

export async function deleteTwoFactor(db: Executor, userId: number) {
  await db.delete(totpSecrets).where(eq(totpSecrets.userId, userId))
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  if (hashes.length) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })))
}

export async function unusedRecoveryCodes(db: Executor, userId: number) {
  return db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.count ?? 0
}

/** Marks a recovery code used; false when a parallel request used it first. */
export async function useRecoveryCode(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
  return rows.length === 1
}

import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { clients, emailChanges, users } from '../../db/schema'

export async function updateNames(
  db: Executor,
  userId: number,
  names: { firstName: string; lastName: string },
) {
  await db.update(users).set(names).where(eq(users.id, userId))
}

export async function updateClientProfile(
  db: Executor,
  userId: number,
  profile: { companyName: string; phone: string; newsletter: boolean },
) {
  await db.update(clients).set(profile).where(eq(clients.userId, userId))
}

export async function emailInUse(db: Executor, email: string, exceptUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
  return !!row && row.id !== exceptUserId
}

export async function insertEmailChange(db: Executor, values: typeof emailChanges.$inferInsert) {
  await db.insert(emailChanges).values(values)
}

/** An unused, unexpired change request by its token hash. */
export async function findOpenEmailChange(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.tokenHash, tokenHash),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return row
}

/** Closes every open change request of a user (the used one and any older ones). */
export async function closeEmailChanges(db: Executor, userId: number) {
  await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)))
}

export async function setEmail(db: Executor, userId: number, email: string) {
  // The change is applied only from the link sent to the new address: that proves it as well.
  await db.update(users).set({ email, emailVerifiedAt: new Date() }).where(eq(users.id, userId))
}

export async function listClientOptions(db: Executor) {
  return db
    .select({ id: clients.id, companyName: clients.companyName, email: users.email })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .orderBy(asc(clients.companyName), asc(clients.id))
}

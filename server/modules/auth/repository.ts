import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { clients, refreshTokens, users } from '../../db/schema'

export type UserRow = typeof users.$inferSelect
export type ClientRow = typeof clients.$inferSelect

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ user: users, client: clients })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
  return row
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await db
    .select({ user: users, client: clients })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .where(eq(users.id, id))
    .limit(1)
  return row
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).returning()
  if (!user) throw new Error('insert returned no user')
  return user
}

export async function insertClient(db: Executor, values: typeof clients.$inferInsert) {
  const [client] = await db.insert(clients).values(values).returning()
  if (!client) throw new Error('insert returned no client')
  return client
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}

export async function touchLastLogin(db: Executor, userId: number) {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId))
}

export async function insertRefreshToken(db: Executor, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values)
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1)
  return row
}

/** Marks a token used; false when another request already rotated or revoked it. */
export async function markRotated(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id })
  return rows.length === 1
}

export async function revokeFamily(db: Executor, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

export async function revokeAllForUser(db: Executor, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
}

import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { appMessages, apps, appSubscriptions, clients } from '../../db/schema'

/** The caller's apps with the company they belong to; another client's app is simply not found. */
export async function listApps(db: Executor, userId: number, window: { limit: number; offset: number }) {
  const mine = eq(clients.userId, userId)
  const [total] = await db
    .select({ value: count() })
    .from(apps)
    .innerJoin(clients, eq(clients.id, apps.clientId))
    .where(mine)
  const rows = await db
    .select({ app: apps, companyName: clients.companyName })
    .from(apps)
    .innerJoin(clients, eq(clients.id, apps.clientId))
    .where(mine)
    .orderBy(desc(apps.createdAt), desc(apps.id))
    .limit(window.limit)
    .offset(window.offset)
  return { count: total?.value ?? 0, rows }
}

export async function findApp(db: Executor, userId: number, appId: number) {
  const [row] = await db
    .select({ app: apps, companyName: clients.companyName })
    .from(apps)
    .innerJoin(clients, eq(clients.id, apps.clientId))
    .where(and(eq(apps.id, appId), eq(clients.userId, userId)))
    .limit(1)
  return row
}

export async function subscriptionsOf(db: Executor, appIds: number[]) {
  if (appIds.length === 0) return []
  return db
    .select()
    .from(appSubscriptions)
    .where(inArray(appSubscriptions.appId, appIds))
    .orderBy(asc(appSubscriptions.startDate), asc(appSubscriptions.id))
}

export async function countMessages(db: Executor, appId: number) {
  const [row] = await db.select({ value: count() }).from(appMessages).where(eq(appMessages.appId, appId))
  return row?.value ?? 0
}

export async function recentMessages(db: Executor, appId: number, limit: number) {
  return db
    .select()
    .from(appMessages)
    .where(eq(appMessages.appId, appId))
    .orderBy(desc(appMessages.createdAt), desc(appMessages.id))
    .limit(limit)
}

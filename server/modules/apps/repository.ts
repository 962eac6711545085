import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { ServiceType } from '@/contract/apps'
import type { Executor } from '../../db/client'
import { allRows, firstOf, insertRow, listPage, updateRows } from '../../db/rows'
import {
  appApiKeys,
  appMessages,
  apps,
  appSubscriptions,
  clientPackages,
  clients,
  messagingPackages,
  orders,
} from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'

/** Apps with the company they belong to. */
function withCompany(db: Executor) {
  const columns = { app: apps, companyName: clients.companyName }
  return db.select(columns).from(apps).innerJoin(clients, eq(clients.id, apps.clientId)).$dynamic()
}

/** The caller's apps with the company they belong to; another client's app is simply not found. */
export async function listApps(db: Executor, userId: number, window: PageWindow) {
  const mine = eq(clients.userId, userId)
  return listPage(db, withCompany(db), {
    where: mine,
    orderBy: [desc(apps.createdAt), desc(apps.id)],
    window,
  })
}

export async function findApp(db: Executor, userId: number, appId: number) {
  return firstOf(withCompany(db), and(eq(apps.id, appId), eq(clients.userId, userId)))
}

export async function findClientId(db: Executor, userId: number) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.userId, userId)).limit(1)
  return row?.id
}

export async function subscriptionsOf(db: Executor, appIds: number[]) {
  if (appIds.length === 0) return []
  return allRows(db, appSubscriptions, inArray(appSubscriptions.appId, appIds), [
    asc(appSubscriptions.startDate),
    asc(appSubscriptions.id),
  ])
}

export async function recentMessages(db: Executor, appId: number, limit: number) {
  return allRows(
    db,
    appMessages,
    eq(appMessages.appId, appId),
    [desc(appMessages.createdAt), desc(appMessages.id)],
    limit,
  )
}

/** Counts and timings over every message of an app, from the delivery records. */
export async function messageFigures(db: Executor, appId: number, monthStart: Date, lastMonthStart: Date) {
  const [row] = await db
    .select({
      total: count(),
      delivered: sql<number>`count(*) filter (where ${appMessages.status} in ('delivered', 'sent'))`.mapWith(
        Number,
      ),
      failed: sql<number>`count(*) filter (where ${appMessages.status} in ('failed', 'undelivered'))`.mapWith(
        Number,
      ),
      segments: sql<number>`coalesce(sum(${appMessages.segments}), 0)`.mapWith(Number),
      attempts: sql<number>`coalesce(sum(${appMessages.attempts}), 0)`.mapWith(Number),
      failedAttempts: sql<number>`coalesce(sum(${appMessages.failedAttempts}), 0)`.mapWith(Number),
      averageSeconds: sql<
        number | null
      >`avg(extract(epoch from (${appMessages.sentAt} - ${appMessages.createdAt})))`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      thisMonth:
        sql<number>`count(*) filter (where ${appMessages.createdAt} >= ${monthStart.toISOString()})`.mapWith(
          Number,
        ),
      lastMonth:
        sql<number>`count(*) filter (where ${appMessages.createdAt} >= ${lastMonthStart.toISOString()} and ${appMessages.createdAt} < ${monthStart.toISOString()})`.mapWith(
          Number,
        ),
    })
    .from(appMessages)
    // Test messages are not traffic: the figures count live messages only.
    .where(and(eq(appMessages.appId, appId), eq(appMessages.test, false)))
  return row
}

/** Messages per UTC day and channel since `since`. */
export async function dailyMessages(db: Executor, appId: number, since: Date) {
  const day = sql<string>`to_char(${appMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  return db
    .select({
      day,
      type: appMessages.type,
      value: count(),
      segments: sql<number>`sum(${appMessages.segments})`.mapWith(Number),
    })
    .from(appMessages)
    .where(
      and(
        eq(appMessages.appId, appId),
        eq(appMessages.test, false),
        sql`${appMessages.createdAt} >= ${since.toISOString()}`,
      ),
    )
    .groupBy(day, appMessages.type)
}

// --- API keys ---------------------------------------------------------------------------------------

/** The current (unexpired, not rotated) key of each app. */
export async function currentKeys(db: Executor, appIds: number[]) {
  if (appIds.length === 0) return []
  return db
    .select()
    .from(appApiKeys)
    .where(and(inArray(appApiKeys.appId, appIds), isNull(appApiKeys.expiresAt)))
}

export async function insertKey(
  db: Executor,
  values: { appId: number; keyHash: string; keyPrefix: string; keyCiphertext: string; test?: boolean },
) {
  // Another instance may have issued the app's missing test key at the same moment: one is kept.
  await db.insert(appApiKeys).values(values).onConflictDoNothing()
}

/** Apps (not deleted) without a current test key, from before test keys existed. */
export async function appsWithoutTestKey(db: Executor) {
  return db
    .select({ id: apps.id })
    .from(apps)
    .where(
      sql`${apps.status} <> 'inactive' and not exists (select 1 from ${appApiKeys} k where k.app_id = ${apps.id} and k.test and k.expires_at is null)`,
    )
}

/** Ends the app's current key of a mode at `at` (a rotation's overlap); keys already ending sooner keep their end. */
export async function expireCurrentKeys(db: Executor, appId: number, at: Date, test = false) {
  const [ended] = await db
    .update(appApiKeys)
    .set({ expiresAt: at })
    .where(and(eq(appApiKeys.appId, appId), eq(appApiKeys.test, test), isNull(appApiKeys.expiresAt)))
    .returning({ expiresAt: appApiKeys.expiresAt })
  return ended?.expiresAt ?? null
}

/** Ends every key of the app now. */
export async function revokeKeys(db: Executor, appId: number, now: Date) {
  await db
    .update(appApiKeys)
    .set({ expiresAt: now })
    .where(and(eq(appApiKeys.appId, appId), or(isNull(appApiKeys.expiresAt), gt(appApiKeys.expiresAt, now))))
}

/** The key with its app, whether or not it has ended (an ended key answers `key_revoked`). */
export async function findKey(db: Executor, keyHash: string) {
  const [row] = await db
    .select({ appId: apps.id, status: apps.status, test: appApiKeys.test, expiresAt: appApiKeys.expiresAt })
    .from(appApiKeys)
    .innerJoin(apps, eq(apps.id, appApiKeys.appId))
    .where(eq(appApiKeys.keyHash, keyHash))
    .limit(1)
  return row
}

/** Apps whose key is still stored in clear text (from before keys were sealed, or the demo seed). */
export async function clearTextKeys(db: Executor) {
  return db.select({ id: apps.id, apiKey: apps.apiKey }).from(apps).where(isNotNull(apps.apiKey))
}

/** Clears the clear-text key if it is still the one read; false when another instance got there first. */
export async function clearClearTextKey(db: Executor, appId: number, apiKey: string) {
  const rows = await db
    .update(apps)
    .set({ apiKey: null })
    .where(and(eq(apps.id, appId), eq(apps.apiKey, apiKey)))
    .returning({ id: apps.id })
  return rows.length > 0
}

export async function setAppStatus(
  db: Executor,
  appId: number,
  status: (typeof apps.$inferSelect)['status'],
) {
  await db.update(apps).set({ status }).where(eq(apps.id, appId))
}

// --- Catalogue packages -----------------------------------------------------------------------------

export async function listPackages(db: Executor, serviceType: ServiceType | undefined) {
  return db
    .select()
    .from(messagingPackages)
    .where(
      and(
        eq(messagingPackages.active, true),
        serviceType ? eq(messagingPackages.serviceType, serviceType) : undefined,
      ),
    )
    .orderBy(asc(messagingPackages.serviceType), asc(messagingPackages.sortOrder), asc(messagingPackages.id))
}

export async function findPackages(db: Executor, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select()
    .from(messagingPackages)
    .where(and(inArray(messagingPackages.id, ids), eq(messagingPackages.active, true)))
}

// --- Creating apps ----------------------------------------------------------------------------------

export async function insertApp(
  db: Executor,
  values: {
    clientId: number
    name: string
    description: string
    status: (typeof apps.$inferSelect)['status']
  },
) {
  return insertRow(db, apps, values, 'app was not created')
}

export async function insertSubscriptions(db: Executor, rows: (typeof appSubscriptions.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(appSubscriptions).values(rows)
}

/** Starts every subscription of the app now (on activation), each for its package's months. */
/** Ends every subscription of an app that is still running at `now`. */
export async function endSubscriptions(db: Executor, appId: number, now: Date) {
  await db
    .update(appSubscriptions)
    .set({ endDate: now })
    .where(
      and(
        eq(appSubscriptions.appId, appId),
        or(isNull(appSubscriptions.endDate), gt(appSubscriptions.endDate, now)),
      ),
    )
}

export async function startSubscriptions(db: Executor, appId: number, now: Date) {
  const rows = await db
    .select({ id: appSubscriptions.id, months: messagingPackages.durationMonths })
    .from(appSubscriptions)
    .leftJoin(messagingPackages, eq(messagingPackages.id, appSubscriptions.packageId))
    .where(eq(appSubscriptions.appId, appId))
  for (const row of rows) {
    const end = new Date(now)
    end.setUTCMonth(end.getUTCMonth() + (row.months ?? 12))
    await db
      .update(appSubscriptions)
      .set({ startDate: now, endDate: end })
      .where(eq(appSubscriptions.id, row.id))
  }
}

// --- Client packages --------------------------------------------------------------------------------

export async function listClientPackages(db: Executor, clientId: number) {
  return allRows(db, clientPackages, eq(clientPackages.clientId, clientId), [
    asc(clientPackages.createdAt),
    asc(clientPackages.id),
  ])
}

export async function insertClientPackage(db: Executor, values: typeof clientPackages.$inferInsert) {
  return insertRow(db, clientPackages, values, 'package was not stored')
}

export async function updateClientPackage(
  db: Executor,
  clientId: number,
  id: number,
  values: Partial<typeof clientPackages.$inferInsert>,
) {
  return updateRows(
    db,
    clientPackages,
    and(eq(clientPackages.id, id), eq(clientPackages.clientId, clientId)),
    values,
  )
}

export async function deleteClientPackage(db: Executor, clientId: number, id: number) {
  const rows = await db
    .delete(clientPackages)
    .where(and(eq(clientPackages.id, id), eq(clientPackages.clientId, clientId)))
    .returning({ id: clientPackages.id })
  return rows.length > 0
}

export async function findAppStatus(db: Executor, appId: number) {
  return db.select({ status: apps.status }).from(apps).where(eq(apps.id, appId)).limit(1)
}

/** The newest order that pays for the app's packages (its id is in the order's details), if any. */
export async function findAppOrder(db: Executor, userId: number, appId: number) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.kind, 'app_package'),
        sql`(${orders.details} ->> 'app_id') = ${String(appId)}`,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1)
  return row
}

/** The order that pays for a new app's packages (fulfilled by `fulfilAppOrder` once paid). */
export async function insertAppOrder(
  db: Executor,
  values: {
    userId: number
    description: string
    amountMinor: number
    idempotencyKey: string
    details: Record<string, unknown>
  },
) {
  const [row] = await db
    .insert(orders)
    .values({ ...values, kind: 'app_package' })
    .returning({ id: orders.id })
  if (!row) throw new Error('order was not created')
  return row.id
}

import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { ServiceType } from '@/contract/apps'
import type { Executor } from '../../db/client'
import {
  appApiKeys,
  appMessages,
  apps,
  appSubscriptions,
  clientPackages,
  clients,
  messagingPackages,
  orders,
  users,
} from '../../db/schema'

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

export async function findClientId(db: Executor, userId: number) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.userId, userId)).limit(1)
  return row?.id
}

export async function subscriptionsOf(db: Executor, appIds: number[]) {
  if (appIds.length === 0) return []
  return db
    .select()
    .from(appSubscriptions)
    .where(inArray(appSubscriptions.appId, appIds))
    .orderBy(asc(appSubscriptions.startDate), asc(appSubscriptions.id))
}

export async function recentMessages(db: Executor, appId: number, limit: number) {
  return db
    .select()
    .from(appMessages)
    .where(eq(appMessages.appId, appId))
    .orderBy(desc(appMessages.createdAt), desc(appMessages.id))
    .limit(limit)
}

/** Counts and timings over every message of an app, from the delivery records. */
export async function messageFigures(db: Executor, appId: number, monthStart: Date, lastMonthStart: Date) {
  const [row] = await db
    .select({
      total: count(),
      delivered: sql<number>`count(*) filter (where ${appMessages.status} in ('delivered', 'sent'))`.mapWith(
        Number,
      ),
      failed: sql<number>`count(*) filter (where ${appMessages.status} = 'failed')`.mapWith(Number),
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
    .where(eq(appMessages.appId, appId))
  return row
}

/** Messages per UTC day and channel since `since`. */
export async function dailyMessages(db: Executor, appId: number, since: Date) {
  const day = sql<string>`to_char(${appMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  return db
    .select({ day, type: appMessages.type, value: count() })
    .from(appMessages)
    .where(and(eq(appMessages.appId, appId), sql`${appMessages.createdAt} >= ${since.toISOString()}`))
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
  values: { appId: number; keyHash: string; keyPrefix: string; keyCiphertext: string },
) {
  await db.insert(appApiKeys).values(values)
}

/** Ends the app's current key at `at` (a rotation's overlap); keys already ending sooner keep their end. */
export async function expireCurrentKeys(db: Executor, appId: number, at: Date) {
  const [ended] = await db
    .update(appApiKeys)
    .set({ expiresAt: at })
    .where(and(eq(appApiKeys.appId, appId), isNull(appApiKeys.expiresAt)))
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

/** The app a key opens, while the key is current or within its overlap. */
export async function findAppByKeyHash(db: Executor, keyHash: string, now: Date) {
  const [row] = await db
    .select({ appId: apps.id, status: apps.status })
    .from(appApiKeys)
    .innerJoin(apps, eq(apps.id, appApiKeys.appId))
    .where(
      and(eq(appApiKeys.keyHash, keyHash), or(isNull(appApiKeys.expiresAt), gt(appApiKeys.expiresAt, now))),
    )
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
  const [row] = await db.insert(apps).values(values).returning()
  if (!row) throw new Error('app was not created')
  return row
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

// --- Sending ----------------------------------------------------------------------------------------

/** The app's subscriptions for one channel, those ending first first. */
export async function channelSubscriptions(db: Executor, appId: number, channel: ServiceType) {
  return db
    .select()
    .from(appSubscriptions)
    .where(and(eq(appSubscriptions.appId, appId), eq(appSubscriptions.packageType, channel)))
    .orderBy(sql`${appSubscriptions.endDate} asc nulls last`, asc(appSubscriptions.id))
}

/**
 * Takes one message of quota from the subscription, atomically: the condition is checked again on the
 * locked row, so concurrent sends never push `messages_used` past the limit.
 */
export async function takeQuota(db: Executor, subscriptionId: number, now: Date) {
  const [row] = await db
    .update(appSubscriptions)
    .set({ messagesUsed: sql`${appSubscriptions.messagesUsed} + 1` })
    .where(
      and(
        eq(appSubscriptions.id, subscriptionId),
        lt(appSubscriptions.messagesUsed, appSubscriptions.messagesLimit),
        sql`${appSubscriptions.startDate} <= ${now.toISOString()}`,
        or(isNull(appSubscriptions.endDate), gt(appSubscriptions.endDate, now)),
      ),
    )
    .returning()
  return row
}

/** Marks a usage alert as sent; false when it already was (each alert goes once). */
export async function claimAlert(db: Executor, subscriptionId: number, percent: 80 | 100, now: Date) {
  const column = percent === 80 ? appSubscriptions.alert80SentAt : appSubscriptions.alert100SentAt
  const rows = await db
    .update(appSubscriptions)
    .set(percent === 80 ? { alert80SentAt: now } : { alert100SentAt: now })
    .where(and(eq(appSubscriptions.id, subscriptionId), isNull(column)))
    .returning({ id: appSubscriptions.id })
  return rows.length > 0
}

export async function insertMessage(db: Executor, values: typeof appMessages.$inferInsert) {
  const [row] = await db.insert(appMessages).values(values).returning()
  if (!row) throw new Error('message was not stored')
  return row
}

export async function findMessage(db: Executor, appId: number, messageId: number) {
  const [row] = await db
    .select()
    .from(appMessages)
    .where(and(eq(appMessages.id, messageId), eq(appMessages.appId, appId)))
    .limit(1)
  return row
}

/** A stored message as the messaging API answers it. */
export type MessageRow = typeof appMessages.$inferSelect

/** What `acceptMessage` stored: the message and the subscription whose quota it used. */
export interface AcceptedMessage {
  message: MessageRow
  subscription: { id: number; messagesUsed: number; messagesLimit: number; packageName: string }
}

/**
 * The messaging API's hot path in one statement: finds the app by its key hash (active, key not
 * expired), takes one message of quota from the first running subscription of the channel with quota
 * left (ending first first; the quota condition is checked again on the locked row, so concurrent sends
 * never overspend) and stores the message as queued. Answers undefined when anything is missing (no
 * such key, app inactive, no quota, or the chosen subscription was used up meanwhile): the caller then
 * takes the step-by-step path, which names the reason.
 */
export async function acceptQueuedMessage(
  db: Executor,
  input: {
    keyHash: string
    now: Date
    channel: ServiceType
    to: string
    subject: string | null
    body: string
  },
): Promise<AcceptedMessage | undefined> {
  const now = input.now.toISOString()
  // Both drivers (PGlite and node-postgres) answer raw statements with `{rows}`.
  const result = (await db.execute(sql`
    with app as (
      select ${apps.id} as id from ${appApiKeys} join ${apps} on ${apps.id} = ${appApiKeys.appId}
      where ${appApiKeys.keyHash} = ${input.keyHash} and ${apps.status} = 'active'
        and (${appApiKeys.expiresAt} is null or ${appApiKeys.expiresAt} > ${now})
      limit 1
    ), taken as (
      update ${appSubscriptions} set messages_used = ${appSubscriptions.messagesUsed} + 1
      where ${appSubscriptions.id} = (
          select s.id from ${appSubscriptions} s join app on s.app_id = app.id
          where s.package_type = ${input.channel} and s.messages_used < s.messages_limit
            and s.start_date <= ${now} and (s.end_date is null or s.end_date > ${now})
          order by s.end_date asc nulls last, s.id asc
          limit 1
        )
        and ${appSubscriptions.messagesUsed} < ${appSubscriptions.messagesLimit}
      returning ${appSubscriptions.id} as id, ${appSubscriptions.appId} as app_id,
        ${appSubscriptions.messagesUsed} as messages_used, ${appSubscriptions.messagesLimit} as messages_limit,
        ${appSubscriptions.packageName} as package_name
    ), stored as (
      insert into ${appMessages} (app_id, subscription_id, type, sent_to, subject, body, status)
      select taken.app_id, taken.id, ${input.channel}, ${input.to}, ${input.subject}, ${input.body}, 'queued'
      from taken
      returning *
    )
    select stored.*, taken.messages_used, taken.messages_limit, taken.package_name
    from stored cross join taken`)) as { rows: Record<string, unknown>[] }
  const [row] = result.rows
  if (!row) return undefined
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string))
  return {
    message: {
      id: Number(row.id),
      appId: Number(row.app_id),
      subscriptionId: Number(row.subscription_id),
      type: row.type as ServiceType,
      sentTo: row.sent_to as string,
      subject: (row.subject as string | null) ?? null,
      body: (row.body as string | null) ?? null,
      status: row.status as MessageRow['status'],
      attempts: Number(row.attempts),
      failedAttempts: Number(row.failed_attempts),
      error: (row.error as string | null) ?? null,
      sentAt: date(row.sent_at),
      deliveringUntil: date(row.delivering_until),
      createdAt: date(row.created_at) ?? input.now,
    },
    subscription: {
      id: Number(row.subscription_id),
      messagesUsed: Number(row.messages_used),
      messagesLimit: Number(row.messages_limit),
      packageName: row.package_name as string,
    },
  }
}

/**
 * Takes up to `limit` queued messages that are due (not held by a running attempt, not waiting for a
 * retry) for one delivery attempt each: counts the attempt and holds them until `leaseEnd`. Rows locked
 * by another pass are skipped, so passes on several instances never take the same message.
 */
export async function claimDueMessages(db: Executor, now: Date, leaseEnd: Date, limit: number) {
  const due = db
    .select({ id: appMessages.id })
    .from(appMessages)
    .where(
      and(
        eq(appMessages.status, 'queued'),
        or(isNull(appMessages.deliveringUntil), lt(appMessages.deliveringUntil, now)),
      ),
    )
    .orderBy(asc(appMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(appMessages)
    .set({ deliveringUntil: leaseEnd, attempts: sql`${appMessages.attempts} + 1` })
    .where(inArray(appMessages.id, due))
    .returning()
}

/** Marks messages the providers accepted as delivered, in one statement. */
export async function markDelivered(db: Executor, messageIds: number[], sentAt: Date) {
  if (messageIds.length === 0) return
  await db
    .update(appMessages)
    .set({ status: 'delivered', sentAt, error: null, deliveringUntil: null })
    .where(inArray(appMessages.id, messageIds))
}

export async function updateMessage(
  db: Executor,
  messageId: number,
  values: Partial<typeof appMessages.$inferInsert>,
) {
  await db.update(appMessages).set(values).where(eq(appMessages.id, messageId))
}

/** The owner of an app, for usage alerts. */
export async function appOwner(db: Executor, appId: number) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, appName: apps.name })
    .from(apps)
    .innerJoin(clients, eq(clients.id, apps.clientId))
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(apps.id, appId))
    .limit(1)
  return row
}

// --- Client packages --------------------------------------------------------------------------------

export async function listClientPackages(db: Executor, clientId: number) {
  return db
    .select()
    .from(clientPackages)
    .where(eq(clientPackages.clientId, clientId))
    .orderBy(asc(clientPackages.createdAt), asc(clientPackages.id))
}

export async function insertClientPackage(db: Executor, values: typeof clientPackages.$inferInsert) {
  const [row] = await db.insert(clientPackages).values(values).returning()
  if (!row) throw new Error('package was not stored')
  return row
}

export async function updateClientPackage(
  db: Executor,
  clientId: number,
  id: number,
  values: Partial<typeof clientPackages.$inferInsert>,
) {
  const [row] = await db
    .update(clientPackages)
    .set(values)
    .where(and(eq(clientPackages.id, id), eq(clientPackages.clientId, clientId)))
    .returning()
  return row
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

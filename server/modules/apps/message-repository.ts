import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { MessageStatus, ServiceType } from '@/contract/apps'
import type { Executor } from '../../db/client'
import { appIdempotencyKeys, appMessages, apps, appSubscriptions, clients, users } from '../../db/schema'
import { allRows, claimLeased, firstRow, updateRows } from '../../db/rows'

/** A stored message. */
export type MessageRow = typeof appMessages.$inferSelect

/** The app's subscriptions for one channel, those ending first first. */
export async function channelSubscriptions(db: Executor, appId: number, channel: ServiceType) {
  return allRows(
    db,
    appSubscriptions,
    and(eq(appSubscriptions.appId, appId), eq(appSubscriptions.packageType, channel)),
    [sql`${appSubscriptions.endDate} asc nulls last`, asc(appSubscriptions.id)],
  )
}

/** While running, with room for `segments` more (the condition a send needs). */
function hasRoom(segments: number, now: Date): SQL | undefined {
  return and(
    sql`${appSubscriptions.messagesUsed} + ${segments} <= ${appSubscriptions.messagesLimit}`,
    sql`${appSubscriptions.startDate} <= ${now.toISOString()}`,
    or(isNull(appSubscriptions.endDate), gt(appSubscriptions.endDate, now)),
  )
}

/**
 * Takes `segments` of quota from the subscription, atomically: the condition is checked again on the
 * locked row, so concurrent sends never push `messages_used` past the limit. A test send only checks.
 */
export async function takeQuota(
  db: Executor,
  subscriptionId: number,
  segments: number,
  now: Date,
  test: boolean,
) {
  if (test) {
    const [row] = await db
      .select()
      .from(appSubscriptions)
      .where(and(eq(appSubscriptions.id, subscriptionId), hasRoom(segments, now)))
    return row
  }
  return updateRows(
    db,
    appSubscriptions,
    and(eq(appSubscriptions.id, subscriptionId), hasRoom(segments, now)),
    { messagesUsed: sql`${appSubscriptions.messagesUsed} + ${segments}` },
  )
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

/** Stores a message; `id` is given when an Idempotency-Key claimed it beforehand. */
export async function insertMessage(db: Executor, values: typeof appMessages.$inferInsert & { id?: number }) {
  const [row] = await (
    values.id === undefined
      ? db.insert(appMessages).values(values)
      : db
          .insert(appMessages)
          .overridingSystemValue()
          .values({ ...values, id: values.id })
  ).returning()
  if (!row) throw new Error('message was not stored')
  return row
}

export async function findMessage(db: Executor, appId: number, messageId: number, test?: boolean) {
  return firstRow(
    db,
    appMessages,
    and(
      eq(appMessages.id, messageId),
      eq(appMessages.appId, appId),
      test === undefined ? undefined : eq(appMessages.test, test),
    ),
  )
}

export interface MessageFilters {
  limit: number
  startingAfter?: number | undefined
  status?: MessageStatus | undefined
  channel?: ServiceType | undefined
  to?: string | undefined
  createdAfter?: Date | undefined
  createdBefore?: Date | undefined
}

/** One cursor page of an app's messages of one mode, newest first (one more row tells if more follow). */
export async function listMessages(db: Executor, appId: number, test: boolean, filters: MessageFilters) {
  return db
    .select()
    .from(appMessages)
    .where(
      and(
        eq(appMessages.appId, appId),
        eq(appMessages.test, test),
        filters.startingAfter === undefined ? undefined : lt(appMessages.id, filters.startingAfter),
        filters.status ? eq(appMessages.status, filters.status) : undefined,
        filters.channel ? eq(appMessages.type, filters.channel) : undefined,
        filters.to ? eq(appMessages.sentTo, filters.to) : undefined,
        filters.createdAfter ? gt(appMessages.createdAt, filters.createdAfter) : undefined,
        filters.createdBefore ? lt(appMessages.createdAt, filters.createdBefore) : undefined,
      ),
    )
    .orderBy(desc(appMessages.id))
    .limit(filters.limit + 1)
}

/** What `acceptQueuedMessage` stored: the message and the subscription whose quota it used. */
export interface AcceptedMessage {
  message: MessageRow
  subscription: { id: number; messagesUsed: number; messagesLimit: number; packageName: string }
}

export interface MessageToAccept {
  keyHash: string
  test: boolean
  now: Date
  channel: ServiceType
  to: string
  subject: string | null
  body: string
  segments: number
  /** The id an Idempotency-Key claimed for it. */
  id?: number | undefined
}

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string))

/** A message row as a raw statement answers it (snake_case columns). */
export function messageFromRaw(row: Record<string, unknown>, fallbackNow: Date): MessageRow {
  return {
    id: Number(row.id),
    appId: Number(row.app_id),
    subscriptionId: row.subscription_id === null ? null : Number(row.subscription_id),
    type: row.type as ServiceType,
    sentTo: row.sent_to as string,
    subject: (row.subject as string | null) ?? null,
    body: (row.body as string | null) ?? null,
    status: row.status as MessageRow['status'],
    segments: Number(row.segments),
    test: row.test === true,
    errorCode: (row.error_code as string | null) ?? null,
    providerMessageId: (row.provider_message_id as string | null) ?? null,
    attempts: Number(row.attempts),
    failedAttempts: Number(row.failed_attempts),
    error: (row.error as string | null) ?? null,
    sentAt: date(row.sent_at),
    deliveringUntil: date(row.delivering_until),
    createdAt: date(row.created_at) ?? fallbackNow,
  }
}

/**
 * The messaging API's hot path in one statement: finds the app by its key hash (active, key of this mode
 * not ended), takes the message's segments of quota from the first running subscription of the channel
 * with room (ending first first; the condition is checked again on the locked row, so concurrent sends
 * never overspend; a test send only checks) and stores the message as queued. Answers undefined when
 * anything is missing (no such key, app inactive, no room, or the chosen subscription filled up
 * meanwhile): the caller then takes the step-by-step path, which names the reason.
 */
export async function acceptQueuedMessage(
  db: Executor,
  input: MessageToAccept,
): Promise<AcceptedMessage | undefined> {
  const now = input.now.toISOString()
  const pick = sql`select s.id from ${appSubscriptions} s join app on s.app_id = app.id
    where s.package_type = ${input.channel} and s.messages_used + ${input.segments} <= s.messages_limit
      and s.start_date <= ${now} and (s.end_date is null or s.end_date > ${now})
    order by s.end_date asc nulls last, s.id asc
    limit 1`
  const columns = sql`${appSubscriptions.id} as id, ${appSubscriptions.appId} as app_id,
    ${appSubscriptions.messagesUsed} as messages_used, ${appSubscriptions.messagesLimit} as messages_limit,
    ${appSubscriptions.packageName} as package_name`
  const taken = input.test
    ? sql`select ${columns} from ${appSubscriptions} where ${appSubscriptions.id} = (${pick})`
    : sql`update ${appSubscriptions} set messages_used = ${appSubscriptions.messagesUsed} + ${input.segments}
      where ${appSubscriptions.id} = (${pick})
        and ${appSubscriptions.messagesUsed} + ${input.segments} <= ${appSubscriptions.messagesLimit}
      returning ${columns}`
  const id = input.id === undefined ? sql`` : sql`id, `
  const idValue = input.id === undefined ? sql`` : sql`${input.id}, `
  // Both drivers (PGlite and node-postgres) answer raw statements with `{rows}`.
  const result = (await db.execute(sql`
    with app as (
      select ${apps.id} as id from app_api_keys k join ${apps} on ${apps.id} = k.app_id
      where k.key_hash = ${input.keyHash} and k.test = ${input.test} and ${apps.status} = 'active'
        and (k.expires_at is null or k.expires_at > ${now})
      limit 1
    ), taken as (${taken}), stored as (
      insert into ${appMessages} (${id}app_id, subscription_id, type, sent_to, subject, body, status, segments, test)
      ${input.id === undefined ? sql`` : sql`overriding system value`}
      select ${idValue}taken.app_id, taken.id, ${input.channel}, ${input.to}, ${input.subject}, ${input.body},
        'queued', ${input.segments}, ${input.test}
      from taken
      returning *
    )
    select stored.*, taken.messages_used, taken.messages_limit, taken.package_name
    from stored cross join taken`)) as { rows: Record<string, unknown>[] }
  const [row] = result.rows
  if (!row) return undefined
  return {
    message: messageFromRaw(row, input.now),
    subscription: {
      id: Number(row.subscription_id),
      messagesUsed: Number(row.messages_used),
      messagesLimit: Number(row.messages_limit),
      packageName: row.package_name as string,
    },
  }
}

/**
 * Claims an Idempotency-Key for a send: a row naming the message id the send will use. Answers that id,
 * or null when the key is taken (an unexpired row; a send holding it in an open transaction is waited
 * for). A key older than its 24 hours is taken over. Run inside the send's transaction, so a send that
 * fails releases its key.
 */
export async function claimIdempotencyKey(
  db: Executor,
  input: { keyHash: string; test: boolean; key: string; requestHash: string; now: Date; expiresAt: Date },
): Promise<number | null> {
  const now = input.now.toISOString()
  const result = (await db.execute(sql`
    insert into ${appIdempotencyKeys} (app_id, test, key, request_hash, message_id, created_at, expires_at)
    select k.app_id, ${input.test}, ${input.key}, ${input.requestHash},
      nextval(pg_get_serial_sequence('app_messages', 'id')), ${now}, ${input.expiresAt.toISOString()}
    from app_api_keys k where k.key_hash = ${input.keyHash} and (k.expires_at is null or k.expires_at > ${now})
    limit 1
    on conflict (app_id, test, key) do update set request_hash = excluded.request_hash,
      message_id = excluded.message_id, created_at = excluded.created_at, expires_at = excluded.expires_at
      where ${appIdempotencyKeys.expiresAt} <= ${now}
    returning message_id`)) as { rows: { message_id: number | string }[] }
  const [row] = result.rows
  return row ? Number(row.message_id) : null
}

/** The unexpired record of an Idempotency-Key, with the app the key belongs to. */
export async function findIdempotencyKey(
  db: Executor,
  input: { appId: number; test: boolean; key: string; now: Date },
) {
  return firstRow(
    db,
    appIdempotencyKeys,
    and(
      eq(appIdempotencyKeys.appId, input.appId),
      eq(appIdempotencyKeys.test, input.test),
      eq(appIdempotencyKeys.key, input.key),
      gt(appIdempotencyKeys.expiresAt, input.now),
    ),
  )
}

/** Forgets Idempotency-Keys past their 24 hours (the sweep's housekeeping). */
export async function deleteExpiredIdempotencyKeys(db: Executor, now: Date) {
  await db.delete(appIdempotencyKeys).where(lt(appIdempotencyKeys.expiresAt, now))
}

/**
 * Takes up to `limit` queued messages that are due (not held by a running attempt, not waiting for a
 * retry) for one delivery attempt each: counts the attempt and holds them until `leaseEnd`. Rows locked
 * by another pass are skipped, so passes on several instances never take the same message.
 */
export async function claimDueMessages(db: Executor, now: Date, leaseEnd: Date, limit: number) {
  return claimLeased(db, appMessages, 'deliveringUntil', {
    due: eq(appMessages.status, 'queued'),
    order: [asc(appMessages.id)],
    now,
    leaseEnd,
    limit,
  })
}

/** Messages the providers took, in one statement: `delivered` (sandbox) or `sent` with the provider's id. */
export async function markAccepted(
  db: Executor,
  accepted: { id: number; status: 'sent' | 'delivered'; providerMessageId: string | null }[],
  sentAt: Date,
) {
  if (accepted.length === 0) return []
  const values = sql.join(
    accepted.map((a) => sql`(${a.id}::int, ${a.status}::text, ${a.providerMessageId}::text)`),
    sql`, `,
  )
  const result = (await db.execute(sql`
    update ${appMessages} m set status = v.status, provider_message_id = v.provider_id, sent_at = ${sentAt.toISOString()},
      error = null, error_code = null, delivering_until = null
    from (values ${values}) as v(id, status, provider_id)
    where m.id = v.id and m.status = 'queued'
    returning m.*`)) as { rows: Record<string, unknown>[] }
  return result.rows.map((row) => messageFromRaw(row, sentAt))
}

export async function updateMessage(
  db: Executor,
  messageId: number,
  values: Partial<typeof appMessages.$inferInsert>,
) {
  return updateRows(db, appMessages, eq(appMessages.id, messageId), values)
}

/** The message a provider's status callback is about. */
export async function findMessageByProviderId(db: Executor, providerMessageId: string) {
  return firstRow(db, appMessages, eq(appMessages.providerMessageId, providerMessageId))
}

/** Each app's name and its owner's address and first name (e-mail sender name, Reply-To, alerts). */
export async function appOwners(db: Executor, appIds: number[]) {
  if (appIds.length === 0) return []
  return db
    .select({ appId: apps.id, email: users.email, firstName: users.firstName, appName: apps.name })
    .from(apps)
    .innerJoin(clients, eq(clients.id, apps.clientId))
    .innerJoin(users, eq(users.id, clients.userId))
    .where(inArray(apps.id, appIds))
}

export async function appOwner(db: Executor, appId: number) {
  const [row] = await appOwners(db, [appId])
  return row
}

/**
 * Claims the "expires soon" e-mail of every running subscription of an active app that ends within
 * the next `days` days and has not had it: one statement, so each goes once however many instances sweep.
 */
export async function claimExpiringSubscriptions(db: Executor, now: Date, days: number) {
  const soon = new Date(now.getTime() + days * 86_400_000)
  return db
    .update(appSubscriptions)
    .set({ expiryAlertSentAt: now })
    .where(
      and(
        isNull(appSubscriptions.expiryAlertSentAt),
        gt(appSubscriptions.endDate, now),
        lte(appSubscriptions.endDate, soon),
        sql`exists (select 1 from ${apps} where ${apps.id} = ${appSubscriptions.appId} and ${apps.status} = 'active')`,
      ),
    )
    .returning()
}

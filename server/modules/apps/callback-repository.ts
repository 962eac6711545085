import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { claimLeased, listPage, updateRows } from '../../db/rows'
import { apps, appWebhookDeliveries } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'

/** Of these apps, those with a callback URL. */
export async function appsWithCallback(db: Executor, appIds: number[]): Promise<number[]> {
  if (appIds.length === 0) return []
  const rows = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(inArray(apps.id, appIds), isNotNull(apps.callbackUrl)))
  return rows.map((r) => r.id)
}

export async function insertDeliveries(db: Executor, rows: (typeof appWebhookDeliveries.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(appWebhookDeliveries).values(rows)
}

/**
 * Takes up to `limit` due callbacks for one attempt each (counted, held until `leaseEnd`); rows another
 * pass has locked are skipped, so passes on several instances never send the same callback at once.
 */
export async function claimDueDeliveries(db: Executor, now: Date, leaseEnd: Date, limit: number) {
  return claimLeased(db, appWebhookDeliveries, 'deliveringUntil', {
    due: and(eq(appWebhookDeliveries.status, 'pending'), lte(appWebhookDeliveries.nextAttemptAt, now)),
    order: [asc(appWebhookDeliveries.nextAttemptAt)],
    now,
    leaseEnd,
    limit,
  })
}

/** Each app's callback URL and sealed secrets, read at each attempt (a corrected URL takes effect). */
export async function callbackTargets(db: Executor, appIds: number[]) {
  if (appIds.length === 0) return []
  return db
    .select({
      id: apps.id,
      callbackUrl: apps.callbackUrl,
      webhookSecretCiphertext: apps.webhookSecretCiphertext,
      previousWebhookSecretCiphertext: apps.previousWebhookSecretCiphertext,
      previousWebhookSecretExpiresAt: apps.previousWebhookSecretExpiresAt,
    })
    .from(apps)
    .where(inArray(apps.id, appIds))
}

export async function recordAttempt(
  db: Executor,
  id: number,
  values: Pick<
    typeof appWebhookDeliveries.$inferInsert,
    'status' | 'responseStatus' | 'lastError' | 'lastAttemptAt' | 'nextAttemptAt' | 'deliveringUntil'
  >,
) {
  await db.update(appWebhookDeliveries).set(values).where(eq(appWebhookDeliveries.id, id))
}

/** An app's callbacks, newest first. */
export async function listDeliveries(db: Executor, appId: number, window: PageWindow) {
  const mine = eq(appWebhookDeliveries.appId, appId)
  return listPage(db, db.select().from(appWebhookDeliveries).$dynamic(), {
    where: mine,
    orderBy: [desc(appWebhookDeliveries.id)],
    window,
  })
}

/** Resend: one more attempt now, with a new 24-hour window for its retries; the same `webhook-id`. */
export async function resendDelivery(db: Executor, appId: number, id: number, now: Date) {
  return updateRows(
    db,
    appWebhookDeliveries,
    and(eq(appWebhookDeliveries.id, id), eq(appWebhookDeliveries.appId, appId)),
    { status: 'pending', nextAttemptAt: now, windowStartedAt: now, deliveringUntil: null },
  )
}

export async function setCallbackUrl(db: Executor, appId: number, callbackUrl: string | null) {
  await db.update(apps).set({ callbackUrl }).where(eq(apps.id, appId))
}

/** A new secret; the previous one (if any) keeps signing beside it until `previousEndsAt`. */
export async function replaceWebhookSecret(
  db: Executor,
  appId: number,
  sealed: string,
  previousEndsAt: Date,
) {
  await db
    .update(apps)
    .set({
      previousWebhookSecretCiphertext: apps.webhookSecretCiphertext,
      previousWebhookSecretExpiresAt: sql`case when ${apps.webhookSecretCiphertext} is null then null else ${previousEndsAt.toISOString()}::timestamptz end`,
      webhookSecretCiphertext: sealed,
    })
    .where(eq(apps.id, appId))
}

/** Sets the first secret unless the app has one already (two tabs setting a URL at once keep one). */
export async function setFirstWebhookSecret(db: Executor, appId: number, sealed: string) {
  const rows = await db
    .update(apps)
    .set({ webhookSecretCiphertext: sealed })
    .where(and(eq(apps.id, appId), isNull(apps.webhookSecretCiphertext)))
    .returning({ id: apps.id })
  return rows.length > 0
}

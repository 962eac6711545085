import {
  DELIVERIES_PAGE_SIZE,
  SECRET_OVERLAP_HOURS,
  type CallbackDelivery,
  type CallbackSettings,
} from '@/contract/app-callbacks'
import { badRequest, notFound } from '../../lib/errors'
import { loadPage } from '../../lib/pagination'
import type { Caller } from '../../plugins/auth'
import { checkCallbackUrl, type CallbackPolicy } from './callback-url'
import * as repo from './callback-repository'
import { generateWebhookSecret } from './callbacks'
import { findApp } from './repository'
import type { AppsDeps } from './service'

async function ownApp(deps: AppsDeps, caller: Caller, appId: number) {
  const row = await findApp(deps.db, caller.userId, appId)
  if (!row) throw notFound()
  return row.app
}

/**
 * Sets or removes the app's callback URL. The first URL also makes the app's signing secret, answered
 * this once (the owner copies it into their receiver); later saves keep the secret.
 */
export async function saveCallbackUrl(
  deps: AppsDeps,
  policy: CallbackPolicy,
  caller: Caller,
  appId: number,
  text: string | null,
): Promise<CallbackSettings> {
  await ownApp(deps, caller, appId)
  if (text === null || text.trim() === '') {
    await repo.setCallbackUrl(deps.db, appId, null)
    return { callback_url: null, webhook_secret: null }
  }
  const checked = checkCallbackUrl(text, policy)
  if ('error' in checked) throw badRequest(checked.error, { callback_url: [checked.error] })
  const secret = generateWebhookSecret()
  const created = await deps.db.transaction(async (tx) => {
    await repo.setCallbackUrl(tx, appId, checked.url)
    return repo.setFirstWebhookSecret(tx, appId, deps.sealer.seal(secret))
  })
  return { callback_url: checked.url, webhook_secret: created ? secret : null }
}

/** A new signing secret, answered once; the previous one signs beside it for 24 hours. */
export async function rotateWebhookSecret(deps: AppsDeps, caller: Caller, appId: number) {
  const app = await ownApp(deps, caller, appId)
  const secret = generateWebhookSecret()
  const previousEndsAt = new Date(Date.now() + SECRET_OVERLAP_HOURS * 3_600_000)
  await repo.replaceWebhookSecret(deps.db, appId, deps.sealer.seal(secret), previousEndsAt)
  return {
    webhook_secret: secret,
    previous_secret_expires_at: app.webhookSecretCiphertext ? previousEndsAt.toISOString() : null,
  }
}

function toDelivery(row: Awaited<ReturnType<typeof repo.listDeliveries>>['rows'][number]): CallbackDelivery {
  return {
    id: row.id,
    message_id: row.messageId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  }
}

/** The app's callbacks, newest first, with their last attempt and next retry. */
export async function listDeliveries(deps: AppsDeps, caller: Caller, appId: number, page: number) {
  await ownApp(deps, caller, appId)
  return loadPage(
    page,
    DELIVERIES_PAGE_SIZE,
    (window) => repo.listDeliveries(deps.db, appId, window),
    toDelivery,
  )
}

/** Resend: the callback is attempted again now (same `webhook-id`), with 24 hours of retries after it. */
export async function resendDelivery(deps: AppsDeps, caller: Caller, appId: number, deliveryId: number) {
  await ownApp(deps, caller, appId)
  const row = await repo.resendDelivery(deps.db, appId, deliveryId, new Date())
  if (!row) throw notFound()
  return toDelivery(row)
}

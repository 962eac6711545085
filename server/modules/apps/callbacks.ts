import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { CallbackEvent, CallbackPayload } from '@/contract/messaging'
import type { Executor } from '../../db/client'
import type { KeySealer } from './api-keys'
import { checkCallbackUrl, guardedLookup, type CallbackPolicy } from './callback-url'
import * as repo from './callback-repository'
import type { MessageRow } from './message-repository'
import { toMessageBody } from './message-resource'

/** Retries of a callback stop this long after its event (or its Resend). */
export const CALLBACK_WINDOW_MS = 24 * 3_600_000
/** An attempt without an answer within this long counts as failed (and is retried). */
export const CALLBACK_TIMEOUT_MS = 10_000
/** First retry delay; doubles with every failed attempt, the last one falling at the end of the window. */
export const CALLBACK_FIRST_RETRY_MS = 30_000
const CALLBACK_BATCH_SIZE = 50
const CALLBACK_CONCURRENCY = 10
/** Longer than an attempt can take: a pass that died mid-send lets go after this. */
const CALLBACK_LEASE_MS = 5 * 60_000

/** A Standard Webhooks secret: `whsec_` and base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

/**
 * Standard Webhooks' signature: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the
 * base64-decoded part of the secret after `whsec_`.
 */
export function signCallback(secret: string, webhookId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const digest = createHmac('sha256', key).update(`${webhookId}.${timestamp}.${body}`).digest('base64')
  return `v1,${digest}`
}

const eventOf = (row: MessageRow): CallbackEvent | null =>
  row.status === 'queued' ? null : `message.${row.status}`

/**
 * Records one callback per status change of these messages, for the apps that have a callback URL; run
 * in the transaction that changed them, so a change is never without its callback. Answers how many.
 */
export async function recordStatusChanges(tx: Executor, rows: MessageRow[]): Promise<number> {
  const changed = rows.filter((row) => eventOf(row) !== null)
  if (changed.length === 0) return 0
  const withCallback = new Set(await repo.appsWithCallback(tx, [...new Set(changed.map((r) => r.appId))]))
  const now = new Date()
  const deliveries = changed
    .filter((row) => withCallback.has(row.appId))
    .map((row) => {
      const event = eventOf(row) as CallbackEvent
      const payload: CallbackPayload = { type: event, timestamp: now.toISOString(), data: toMessageBody(row) }
      return {
        appId: row.appId,
        messageId: row.id,
        webhookId: `msg_${randomUUID().replaceAll('-', '')}`,
        event,
        payload: JSON.stringify(payload),
        nextAttemptAt: now,
        windowStartedAt: now,
      }
    })
  await repo.insertDeliveries(tx, deliveries)
  return deliveries.length
}

export interface CallbackDeps {
  db: Executor
  sealer: KeySealer
  policy: CallbackPolicy
  timeoutMs?: number
}

/** One POST; the answer's status, or null with the reason when none came. Redirects are not followed. */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  deps: CallbackDeps,
): Promise<{ status: number | null; error: string | null }> {
  return new Promise((resolve) => {
    const target = new URL(url)
    const client = target.protocol === 'https:' ? https : http
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(deps.policy),
        timeout: deps.timeoutMs ?? CALLBACK_TIMEOUT_MS,
        agent: false,
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? null, error: null }))
        response.on('error', () => resolve({ status: response.statusCode ?? null, error: null }))
      },
    )
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', (error) => resolve({ status: null, error: error.message }))
    request.end(body)
  })
}

/** When the retry after `attempts` failed attempts is due; null once the 24-hour window is over. */
export function nextCallbackAttempt(windowStartedAt: Date, attempts: number, now: Date): Date | null {
  const windowEnd = windowStartedAt.getTime() + CALLBACK_WINDOW_MS
  if (now.getTime() >= windowEnd) return null
  const due = now.getTime() + CALLBACK_FIRST_RETRY_MS * 2 ** (attempts - 1)
  return new Date(Math.min(due, windowEnd))
}

/**
 * One pass over the due callbacks (at most one batch): each is claimed (no other pass sends it meanwhile),
 * signed with the app's secret (and the previous one during a rotation) and POSTed to the app's current
 * callback URL; a 2xx ends it, anything else (another status, a timeout, a refused address) schedules
 * the next attempt with exponential backoff until 24 hours after the event. Answers how many it claimed
 * and when the earliest retry is due.
 */
export async function deliverDueCallbacks(
  deps: CallbackDeps,
  now = new Date(),
): Promise<{ claimed: number; nextAttemptAt: Date | null }> {
  const rows = await repo.claimDueDeliveries(
    deps.db,
    now,
    new Date(now.getTime() + CALLBACK_LEASE_MS),
    CALLBACK_BATCH_SIZE,
  )
  const targets = await repo.callbackTargets(deps.db, [...new Set(rows.map((r) => r.appId))])
  let nextAttemptAt: Date | null = null
  let next = 0
  // The pass's clock (tests start it later) moving at the real pace.
  const startedAt = Date.now()
  const clock = () => new Date(now.getTime() + Date.now() - startedAt)
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++] as (typeof rows)[number]
      const target = targets.find((t) => t.id === row.appId)
      const checked = target?.callbackUrl ? checkCallbackUrl(target.callbackUrl, deps.policy) : null
      const secrets = [
        target?.webhookSecretCiphertext,
        target && target.previousWebhookSecretExpiresAt && target.previousWebhookSecretExpiresAt > now
          ? target.previousWebhookSecretCiphertext
          : null,
      ]
        .map((sealed) => (sealed ? deps.sealer.open(sealed) : null))
        .filter((secret): secret is string => secret !== null)
      let outcome: { status: number | null; error: string | null }
      if (!checked || 'error' in checked)
        outcome = { status: null, error: checked ? checked.error : 'The app has no callback URL.' }
      else if (secrets.length === 0) outcome = { status: null, error: 'The app has no webhook secret.' }
      else {
        const timestamp = Math.floor(Date.now() / 1000)
        outcome = await post(
          checked.url,
          {
            'content-type': 'application/json',
            'user-agent': 'Cypher-Webhooks/1.0',
            'webhook-id': row.webhookId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': secrets
              .map((s) => signCallback(s, row.webhookId, timestamp, row.payload))
              .join(' '),
          },
          row.payload,
          deps,
        )
      }
      const attemptedAt = clock()
      const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300
      const retryAt = succeeded ? null : nextCallbackAttempt(row.windowStartedAt, row.attempts, attemptedAt)
      if (retryAt && (!nextAttemptAt || retryAt < nextAttemptAt)) nextAttemptAt = retryAt
      await repo.recordAttempt(deps.db, row.id, {
        status: succeeded ? 'succeeded' : retryAt ? 'pending' : 'failed',
        responseStatus: outcome.status,
        lastError: succeeded ? null : (outcome.error ?? `HTTP ${outcome.status}`),
        lastAttemptAt: attemptedAt,
        nextAttemptAt: retryAt,
        deliveringUntil: null,
      })
    }
  }
  await Promise.all(Array.from({ length: Math.min(CALLBACK_CONCURRENCY, rows.length) }, worker))
  return { claimed: rows.length, nextAttemptAt }
}

/** Passes until no callback is due (at most `maxBatches`); answers the earliest retry due. */
export async function deliverCallbacks(deps: CallbackDeps, maxBatches = 20): Promise<Date | null> {
  let earliest: Date | null = null
  for (let i = 0; i < maxBatches; i++) {
    const pass = await deliverDueCallbacks(deps)
    if (pass.nextAttemptAt && (!earliest || pass.nextAttemptAt < earliest)) earliest = pass.nextAttemptAt
    if (pass.claimed < CALLBACK_BATCH_SIZE) break
  }
  return earliest
}

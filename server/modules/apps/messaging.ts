import { createHash } from 'node:crypto'
import { isEmail } from '@/contract/common'
import { IDEMPOTENCY_KEY_HOURS, messagingErrors, type SendMessage } from '@/contract/messaging'
import { toE164 } from '../../adapters/sms'
import type { Database, Executor } from '../../db/client'
import { hashApiKey, isTestKey, looksLikeApiKey } from './api-keys'
import { invalidField, messagingError } from './api-errors'
import * as repo from './message-repository'
import { findKey } from './repository'
import { segmentsOf } from './segments'

/** A usage alert to e-mail once the message is stored (80% and 100% of a subscription's limit). */
export interface UsageAlert {
  appId: number
  subscriptionId: number
  percent: 80 | 100
  packageName: string
  used: number
  limit: number
}

/**
 * The app a key opens and the key's mode. 401 `invalid_api_key` without a key or for an unknown one,
 * 401 `key_revoked` for one that has ended (rotated out, app deleted), 403 `app_inactive`.
 */
export async function appForKey(db: Executor, key: string | undefined) {
  if (!key) throw messagingError('invalid_api_key', messagingErrors.keyMissing)
  if (!looksLikeApiKey(key)) throw messagingError('invalid_api_key', messagingErrors.keyInvalid)
  const row = await findKey(db, hashApiKey(key))
  if (!row) throw messagingError('invalid_api_key', messagingErrors.keyInvalid)
  if (row.expiresAt && row.expiresAt <= new Date())
    throw messagingError('key_revoked', messagingErrors.keyRevoked)
  return row
}

/** The recipient in the form its channel needs, or null when it has none. */
export function recipientOrNull(channel: SendMessage['channel'], to: string): string | null {
  if (channel === 'email') {
    const address = to.trim().toLowerCase()
    return isEmail(address) ? address : null
  }
  return toE164(to)
}

function crossed(used: number, segments: number, limit: number, percent: number) {
  return used * 100 >= percent * limit && (used - segments) * 100 < percent * limit
}

/** The usage alerts a message of `segments` that brought `used` of `limit` crosses. */
function alertsCrossed(used: number, segments: number, limit: number) {
  return ([80, 100] as const).filter((percent) => crossed(used, segments, limit, percent))
}

async function claimAlerts(db: Executor, accepted: repo.AcceptedMessage, now: Date): Promise<UsageAlert[]> {
  const { message, subscription } = accepted
  if (message.test) return []
  const alerts: UsageAlert[] = []
  for (const percent of alertsCrossed(
    subscription.messagesUsed,
    message.segments,
    subscription.messagesLimit,
  ))
    if (await repo.claimAlert(db, subscription.id, percent, now))
      alerts.push({
        appId: message.appId,
        subscriptionId: subscription.id,
        percent,
        packageName: subscription.packageName,
        used: subscription.messagesUsed,
        limit: subscription.messagesLimit,
      })
  return alerts
}

interface CheckedSend {
  key: string
  test: boolean
  channel: SendMessage['channel']
  to: string
  subject: string | null
  body: string
  segments: number
}

/** What a send answers: the message, the usage alerts it crossed, and whether it repeats an earlier send. */
export interface SendResult {
  message: repo.MessageRow
  alerts: UsageAlert[]
  replayed: boolean
}

/** SHA-256 of the parsed body, fields in a fixed order: what "the same body" means for a key. */
function requestHash(message: SendMessage): string {
  const canonical = JSON.stringify([message.channel, message.to, message.subject ?? null, message.body])
  return createHash('sha256').update(canonical).digest('hex')
}

/**
 * Accepts a message: checks the key, the app and the channel's subscriptions, takes its segments of
 * quota atomically (a test key only checks) and stores it as queued; delivery runs later. With an
 * Idempotency-Key the claim of the key, the quota and the message are one transaction: ten identical
 * sends at once store one message (the others wait on the key's row, then answer that message), and a
 * send that fails stores nothing, not even its key.
 */
export async function acceptMessage(
  db: Database,
  key: string | undefined,
  message: SendMessage,
  idempotencyKey?: string,
): Promise<SendResult> {
  const to = recipientOrNull(message.channel, message.to)
  const subject = message.subject?.trim() || null
  const ready = key && looksLikeApiKey(key) && to && (message.channel !== 'email' || subject)
  const checked: CheckedSend | null = ready
    ? {
        key,
        test: isTestKey(key),
        channel: message.channel,
        to,
        subject,
        body: message.body,
        segments: segmentsOf(message.channel, message.body),
      }
    : null
  // Something is missing or malformed: the careful path names it.
  if (!checked) return { ...(await acceptCarefully(db, key, message)), replayed: false }
  if (idempotencyKey === undefined) {
    const accepted = (await acceptFast(db, checked)) ?? (await acceptCarefully(db, key, message))
    return { ...accepted, replayed: false }
  }
  const now = new Date()
  const claim = {
    keyHash: hashApiKey(checked.key),
    test: checked.test,
    key: idempotencyKey,
    requestHash: requestHash(message),
    now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_HOURS * 3_600_000),
  }
  const stored = await db.transaction(async (tx) => {
    const id = await repo.claimIdempotencyKey(tx, claim)
    if (id === null) return null
    const fast = await acceptFast(tx, checked, id)
    if (fast) return fast
    const send = await checkSend(tx, key, message)
    const accepted = await storeWithin(tx, send, id)
    return { message: accepted.message, alerts: await claimAlerts(tx, accepted, send.now) }
  })
  if (stored) return { ...stored, replayed: false }
  // The key is taken (or the API key is unknown, which the lookup below reports).
  const app = await appForKey(db, key)
  const earlier = await repo.findIdempotencyKey(db, {
    appId: app.appId,
    test: checked.test,
    key: idempotencyKey,
    now,
  })
  if (!earlier) return acceptMessage(db, key, message, idempotencyKey)
  if (earlier.requestHash !== claim.requestHash)
    throw messagingError('idempotency_key_reused', messagingErrors.idempotencyKeyReused)
  const first = await repo.findMessage(db, app.appId, earlier.messageId)
  if (!first) throw new Error(`idempotency key ${earlier.id} names a message that does not exist`)
  return { message: first, alerts: [], replayed: true }
}

/** The fast path (one statement), or null when it stored nothing. */
async function acceptFast(db: Executor, send: CheckedSend, id?: number) {
  const now = new Date()
  const accepted = await repo.acceptQueuedMessage(db, { ...send, keyHash: hashApiKey(send.key), now, id })
  return accepted ? { message: accepted.message, alerts: await claimAlerts(db, accepted, now) } : null
}

type SendInput = Pick<SendMessage, 'channel' | 'to' | 'body'> & { subject?: string | null | undefined }

/** Each check of a send in turn; the first that fails answers with its code. */
async function checkSend(db: Executor, key: string | undefined, message: SendInput) {
  const app = await appForKey(db, key)
  if (app.status !== 'active') throw messagingError('app_inactive', messagingErrors.appInactive)
  const to = recipientOrNull(message.channel, message.to)
  if (!to) throw invalidField('to', messagingErrors.badRecipient(message.channel))
  const subject = message.subject?.trim() || null
  if (message.channel === 'email' && !subject) throw invalidField('subject', messagingErrors.subjectRequired)
  const now = new Date()
  const subscriptions = await repo.channelSubscriptions(db, app.appId, message.channel)
  if (subscriptions.length === 0)
    throw messagingError('channel_not_in_package', messagingErrors.noPackage(message.channel))
  const running = subscriptions.filter((s) => s.startDate <= now && (s.endDate === null || s.endDate > now))
  if (running.length === 0) throw messagingError('package_expired', messagingErrors.expired(message.channel))
  return {
    app,
    to,
    subject,
    channel: message.channel,
    body: message.body,
    segments: segmentsOf(message.channel, message.body),
    running,
    now,
  }
}

/**
 * Takes the quota from the first running subscription with room and stores the message (when a
 * concurrent send only used up the subscription the fast statement picked); else `package_exhausted`
 * with the channel's limit and use.
 */
async function storeWithin(
  tx: Executor,
  send: Awaited<ReturnType<typeof checkSend>>,
  id?: number,
): Promise<repo.AcceptedMessage> {
  for (const subscription of send.running) {
    const taken = await repo.takeQuota(tx, subscription.id, send.segments, send.now, send.app.test)
    if (!taken) continue
    const stored = await repo.insertMessage(tx, {
      id,
      appId: send.app.appId,
      subscriptionId: taken.id,
      type: send.channel,
      sentTo: send.to,
      subject: send.subject,
      body: send.body,
      status: 'queued',
      segments: send.segments,
      test: send.app.test,
    })
    return { message: stored, subscription: taken }
  }
  throw messagingError('package_exhausted', messagingErrors.exhausted(send.channel), {
    limit: send.running.reduce((sum, s) => sum + s.messagesLimit, 0),
    used: send.running.reduce((sum, s) => sum + s.messagesUsed, 0),
    segments: send.segments,
  })
}

/** The careful path on its own (malformed input, or no Idempotency-Key): checks, then one transaction. */
async function acceptCarefully(db: Database, key: string | undefined, message: SendInput) {
  const send = await checkSend(db, key, message)
  const accepted = await db.transaction((tx) => storeWithin(tx, send))
  return { message: accepted.message, alerts: await claimAlerts(db, accepted, send.now) }
}

import { isEmail } from '@/contract/common'
import { messagingErrors, type MessageStatusBody, type SendMessage } from '@/contract/messaging'
import type { Mailer } from '../../adapters/mail'
import type { SendOutcome } from '../../adapters/outcome'
import { toE164, type SmsSender } from '../../adapters/sms'
import type { WhatsAppSender } from '../../adapters/whatsapp'
import type { Database } from '../../db/client'
import type { appMessages } from '../../db/schema'
import { ApiError, badRequest, notFound, unauthorized } from '../../lib/errors'
import { hashApiKey, looksLikeApiKey } from './api-keys'
import * as repo from './repository'

export interface SendingDeps {
  db: Database
  mailer: Mailer
  sms: SmsSender
  whatsapp: WhatsAppSender
}

/** A usage alert to e-mail once the message is stored (80% and 100% of a subscription's limit). */
export interface UsageAlert {
  appId: number
  subscriptionId: number
  percent: 80 | 100
  packageName: string
  used: number
  limit: number
}

/** The app a key opens: 401 without a key or for an unknown, expired or revoked one; 403 if inactive. */
export async function appForKey(db: Database, key: string | undefined) {
  if (!key) throw unauthorized(messagingErrors.keyMissing)
  if (!looksLikeApiKey(key)) throw unauthorized(messagingErrors.keyInvalid)
  const row = await repo.findAppByKeyHash(db, hashApiKey(key), new Date())
  if (!row) throw unauthorized(messagingErrors.keyInvalid)
  return row
}

/** The recipient in the form its channel needs, or null when it has none. */
function recipientOrNull(message: SendMessage): string | null {
  if (message.channel === 'email') {
    const to = message.to.trim().toLowerCase()
    return isEmail(to) ? to : null
  }
  return toE164(message.to)
}

/** The recipient in the form its channel needs, or a 400 naming the field. */
function readRecipient(message: SendMessage): string {
  const to = recipientOrNull(message)
  if (!to)
    throw badRequest(messagingErrors.badRecipient(message.channel), {
      to: [messagingErrors.badRecipient(message.channel)],
    })
  return to
}

function crossed(used: number, limit: number, percent: number) {
  return used * 100 >= percent * limit && (used - 1) * 100 < percent * limit
}

/** The usage alerts a message that brought `used` of `limit` messages crosses. */
function alertsCrossed(used: number, limit: number) {
  return ([80, 100] as const).filter((percent) => crossed(used, limit, percent))
}

/**
 * Accepts a message: checks the key, the app and the channel's subscriptions, takes one message of
 * quota atomically and stores the message as queued. Delivery runs later. The usual case is one
 * statement (`acceptQueuedMessage`); when it stores nothing, the step-by-step path below finds out why
 * and answers the matching error (or stores the message after all, if a concurrent send used up the
 * subscription it picked while another still has quota).
 */
export async function acceptMessage(db: Database, key: string | undefined, message: SendMessage) {
  const recipient = recipientOrNull(message)
  const subject = message.subject?.trim() || null
  if (key && looksLikeApiKey(key) && recipient && (message.channel !== 'email' || subject)) {
    const now = new Date()
    const accepted = await repo.acceptQueuedMessage(db, {
      keyHash: hashApiKey(key),
      now,
      channel: message.channel,
      to: recipient,
      subject,
      body: message.body,
    })
    if (accepted) {
      const { message: stored, subscription } = accepted
      const alerts: UsageAlert[] = []
      for (const percent of alertsCrossed(subscription.messagesUsed, subscription.messagesLimit))
        if (await repo.claimAlert(db, subscription.id, percent, now))
          alerts.push({
            appId: stored.appId,
            subscriptionId: subscription.id,
            percent,
            packageName: subscription.packageName,
            used: subscription.messagesUsed,
            limit: subscription.messagesLimit,
          })
      return { message: stored, alerts }
    }
  }
  return acceptMessageStepByStep(db, key, message)
}

async function acceptMessageStepByStep(db: Database, key: string | undefined, message: SendMessage) {
  const app = await appForKey(db, key)
  if (app.status !== 'active') throw new ApiError(403, messagingErrors.appInactive)
  const to = readRecipient(message)
  const subject = message.subject?.trim() || null
  if (message.channel === 'email' && !subject)
    throw badRequest(messagingErrors.subjectRequired, { subject: [messagingErrors.subjectRequired] })
  return db.transaction(async (tx) => {
    const now = new Date()
    const subscriptions = await repo.channelSubscriptions(tx, app.appId, message.channel)
    if (subscriptions.length === 0) throw new ApiError(402, messagingErrors.noPackage(message.channel))
    let taken: Awaited<ReturnType<typeof repo.takeQuota>> | undefined
    for (const subscription of subscriptions) {
      taken = await repo.takeQuota(tx, subscription.id, now)
      if (taken) break
    }
    if (!taken) {
      const running = subscriptions.some((s) => s.startDate <= now && (s.endDate === null || s.endDate > now))
      if (running) throw new ApiError(429, messagingErrors.exhausted(message.channel))
      throw new ApiError(402, messagingErrors.expired(message.channel))
    }
    const stored = await repo.insertMessage(tx, {
      appId: app.appId,
      subscriptionId: taken.id,
      type: message.channel,
      sentTo: to,
      subject,
      body: message.body,
      status: 'queued',
    })
    const alerts: UsageAlert[] = []
    for (const percent of alertsCrossed(taken.messagesUsed, taken.messagesLimit)) {
      if (await repo.claimAlert(tx, taken.id, percent, now))
        alerts.push({
          appId: app.appId,
          subscriptionId: taken.id,
          percent,
          packageName: taken.packageName,
          used: taken.messagesUsed,
          limit: taken.messagesLimit,
        })
    }
    return { message: stored, alerts }
  })
}

export function toStatusBody(row: typeof appMessages.$inferSelect): MessageStatusBody {
  return {
    id: row.id,
    channel: row.type,
    to: row.sentTo,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  }
}

/** A message of the key's app; another app's message is not found. */
export async function messageStatus(db: Database, key: string | undefined, messageId: number) {
  const app = await appForKey(db, key)
  const row = await repo.findMessage(db, app.appId, messageId)
  if (!row) throw notFound(messagingErrors.notFound)
  return toStatusBody(row)
}

/**
 * How long one delivery attempt holds a message: longer than any adapter's own time limit. A pass that
 * dies (killed, crashed) mid-send leaves its messages held; after this they are due again.
 */
export const DELIVERY_LEASE_MS = 15 * 60_000

/** How many due messages one delivery pass claims at a time. */
export const DELIVERY_BATCH_SIZE = 50
/** At most this many messages of a batch are at their providers at once. */
const DELIVERY_CONCURRENCY = 10

/** Retries of a message the provider refused or could not take (the job queue's timing). */
export interface DeliveryPolicy {
  /** First retry delay; doubles with every failed attempt. */
  retryDelaySeconds: number
  /** Retries after the first attempt; the attempt after the last retry marks the message failed. */
  retryLimit: number
}

/** When the retry after the `failedAttempts`-th failure is due. */
export function retryDueAt(policy: DeliveryPolicy, failedAttempts: number, from: Date): Date {
  return new Date(from.getTime() + policy.retryDelaySeconds * 1000 * 2 ** (failedAttempts - 1))
}

async function sendThroughChannel(deps: SendingDeps, row: repo.MessageRow): Promise<SendOutcome> {
  const body = row.body ?? ''
  try {
    return row.type === 'email'
      ? await deps.mailer.send({
          to: row.sentTo,
          subject: row.subject ?? '',
          text: body,
          template: 'app-message',
        })
      : row.type === 'sms'
        ? await deps.sms.send({ to: row.sentTo, body, template: 'app-message' })
        : await deps.whatsapp.send({ to: row.sentTo, body, template: 'app-message' })
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * One delivery pass over at most one batch: claims the due queued messages (each held by this pass, so
 * no other pass or instance sends it meanwhile), sends each through its channel's adapter and records
 * the outcomes. Delivered messages are marked in one statement; a provider failure is recorded and holds
 * the message until its retry is due, or marks it failed after the last retry. A delivered message is
 * never claimed again, so nothing is sent twice after success. Answers how many messages it claimed and
 * when the earliest retry it scheduled is due.
 */
export async function deliverDueBatch(
  deps: SendingDeps,
  policy: DeliveryPolicy,
  now = new Date(),
): Promise<{ claimed: number; nextRetryAt: Date | null }> {
  const rows = await repo.claimDueMessages(
    deps.db,
    now,
    new Date(now.getTime() + DELIVERY_LEASE_MS),
    DELIVERY_BATCH_SIZE,
  )
  const delivered: number[] = []
  let nextRetryAt: Date | null = null
  let next = 0
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++] as repo.MessageRow
      const outcome = await sendThroughChannel(deps, row)
      if (outcome.ok) {
        delivered.push(row.id)
        continue
      }
      const failedAttempts = row.failedAttempts + 1
      const finalAttempt = failedAttempts > policy.retryLimit
      const retryAt = finalAttempt ? null : retryDueAt(policy, failedAttempts, new Date())
      if (retryAt && (!nextRetryAt || retryAt < nextRetryAt)) nextRetryAt = retryAt
      await repo.updateMessage(deps.db, row.id, {
        status: finalAttempt ? 'failed' : 'queued',
        failedAttempts,
        error: outcome.error,
        // A queued message held until its retry is due: no pass takes it before.
        deliveringUntil: retryAt,
      })
    }
  }
  await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, rows.length) }, worker))
  await repo.markDelivered(deps.db, delivered, new Date())
  return { claimed: rows.length, nextRetryAt }
}

/**
 * Delivery passes until no due message is left (at most `maxBatches`); answers the earliest retry due.
 */
export async function deliverDueMessages(
  deps: SendingDeps,
  policy: DeliveryPolicy,
  maxBatches = 100,
): Promise<Date | null> {
  let nextRetryAt: Date | null = null
  for (let i = 0; i < maxBatches; i++) {
    const pass = await deliverDueBatch(deps, policy)
    if (pass.nextRetryAt && (!nextRetryAt || pass.nextRetryAt < nextRetryAt)) nextRetryAt = pass.nextRetryAt
    if (pass.claimed < DELIVERY_BATCH_SIZE) break
  }
  return nextRetryAt
}

/**
 * Starts delivery passes in this instance soon after messages are accepted, without a job per message
 * (see `PassPump`). Only a shortcut: the messages table is the durable record, and the job queue's
 * scheduled sweep delivers whatever this misses (a crash, a retry that falls due, another instance's
 * messages).
 */
export { PassPump as DeliveryPump } from '../../lib/pass-pump'

/** The usage alert e-mail (80% or 100% of a subscription's messages). */
export async function sendUsageAlert(
  deps: Pick<SendingDeps, 'db' | 'mailer'>,
  alert: UsageAlert,
  portalUrl: string,
) {
  const owner = await repo.appOwner(deps.db, alert.appId)
  if (!owner) return
  const full = alert.percent === 100
  const subject = full
    ? `${owner.appName}: your ${alert.packageName} package is used up`
    : `${owner.appName}: 80% of your ${alert.packageName} package is used`
  const text = [
    `Hello ${owner.firstName},`,
    '',
    `${owner.appName} has sent ${alert.used.toLocaleString('en-US')} of the ${alert.limit.toLocaleString('en-US')} messages in its ${alert.packageName} package.`,
    full
      ? 'Further messages on this channel are refused until you buy another package.'
      : 'When the package is used up, further messages on this channel are refused.',
    '',
    `Manage the app: ${portalUrl}/manage-msg/${alert.appId}`,
  ].join('\n')
  await deps.mailer.send({ to: owner.email, subject, text, template: `app-usage-${alert.percent}` })
}

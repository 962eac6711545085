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

/** The recipient in the form its channel needs, or a 400 naming the field. */
function readRecipient(message: SendMessage): string {
  if (message.channel === 'email') {
    const to = message.to.trim().toLowerCase()
    if (!isEmail(to))
      throw badRequest(messagingErrors.badRecipient('email'), { to: [messagingErrors.badRecipient('email')] })
    return to
  }
  const to = toE164(message.to)
  if (!to)
    throw badRequest(messagingErrors.badRecipient(message.channel), {
      to: [messagingErrors.badRecipient(message.channel)],
    })
  return to
}

function crossed(used: number, limit: number, percent: number) {
  return used * 100 >= percent * limit && (used - 1) * 100 < percent * limit
}

/**
 * Accepts a message: checks the key, the app and the channel's subscriptions, takes one message of
 * quota atomically and stores the message as queued, all in one transaction. Delivery runs later.
 */
export async function acceptMessage(db: Database, key: string | undefined, message: SendMessage) {
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
    for (const percent of [80, 100] as const) {
      if (
        crossed(taken.messagesUsed, taken.messagesLimit, percent) &&
        (await repo.claimAlert(tx, taken.id, percent, now))
      )
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
 * How long one delivery attempt holds a message: longer than any adapter's own time limit, and equal
 * to pg-boss's default job expiry, after which a crashed attempt's job is retried and may take it over.
 */
export const DELIVERY_LEASE_MS = 15 * 60_000

/** Thrown by a delivery attempt the queue should retry (the provider failed or was unreachable). */
export class DeliveryFailed extends Error {}

/**
 * One delivery attempt of a queued message through its channel's adapter. A delivered (or already
 * finished) message is left alone, so a retried job never sends twice after success. A provider
 * failure is recorded and thrown for the queue to retry; `finalAttempt` marks the message failed.
 */
export async function deliverMessage(deps: SendingDeps, messageId: number, finalAttempt: boolean) {
  const now = new Date()
  // Claimed atomically: a second job for the same message (the sweep's, or a retry while this one
  // still runs on another instance) finds it held or finished and sends nothing.
  const row = await repo.claimDelivery(deps.db, messageId, now, new Date(now.getTime() + DELIVERY_LEASE_MS))
  if (!row) return
  const body = row.body ?? ''
  let outcome: SendOutcome
  try {
    outcome =
      row.type === 'email'
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
    outcome = { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  if (outcome.ok) {
    await repo.updateMessage(deps.db, row.id, {
      status: 'delivered',
      sentAt: new Date(),
      error: null,
      deliveringUntil: null,
    })
    return
  }
  await repo.updateMessage(deps.db, row.id, {
    status: finalAttempt ? 'failed' : 'queued',
    failedAttempts: row.failedAttempts + 1,
    error: outcome.error,
    deliveringUntil: null,
  })
  if (!finalAttempt) throw new DeliveryFailed(outcome.error)
}

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

/** Queued messages older than a minute: their delivery job may never have been queued. */
export async function strandedMessages(db: Database) {
  return repo.strandedMessages(db, new Date(Date.now() - 60_000))
}

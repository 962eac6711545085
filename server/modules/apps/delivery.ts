import type { Mailer } from '../../adapters/mail'
import type { SendOutcome } from '../../adapters/outcome'
import type { SmsSender } from '../../adapters/sms'
import type { WhatsAppSender } from '../../adapters/whatsapp'
import type { Database } from '../../db/client'
import { recordStatusChanges } from './callbacks'
import * as repo from './message-repository'

/** The channel adapters one mode sends through. */
export interface ChannelSenders {
  mailer: Mailer
  sms: SmsSender
  whatsapp: WhatsAppSender
}

export interface SendingDeps extends ChannelSenders {
  db: Database
  /** Test-key messages go here: the sandboxes, which record them in the outbox and send nothing. */
  testSenders: ChannelSenders
  /** Told when messages changed status, after the change is stored (wakes the callback pump). */
  onStatusChange?: () => void
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

type Owner = Awaited<ReturnType<typeof repo.appOwners>>[number]

async function sendThroughChannel(
  senders: ChannelSenders,
  row: repo.MessageRow,
  owner: Owner | undefined,
): Promise<SendOutcome> {
  const body = row.body ?? ''
  const template = row.test ? 'app-message-test' : 'app-message'
  try {
    if (row.type === 'email')
      // From the client's app: its name as the sender's, replies to the client (the address stays ours).
      return await senders.mailer.send({
        to: row.sentTo,
        subject: row.subject ?? '',
        text: body,
        template,
        ...(owner ? { fromName: owner.appName, replyTo: owner.email } : {}),
      })
    return row.type === 'sms'
      ? await senders.sms.send({ to: row.sentTo, body, template })
      : await senders.whatsapp.send({ to: row.sentTo, body, template })
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

/** The status a provider's acceptance means: the sandbox delivers at once; a provider has only taken it. */
function acceptedStatus(senders: ChannelSenders, row: repo.MessageRow): 'sent' | 'delivered' {
  const sender = row.type === 'email' ? senders.mailer : row.type === 'sms' ? senders.sms : senders.whatsapp
  return sender.sandbox ? 'delivered' : 'sent'
}

/**
 * One delivery pass over at most one batch: claims the due queued messages (each held by this pass, so
 * no other pass or instance sends it meanwhile), sends each through its channel's adapter (a test
 * message through the sandbox) and records the outcomes. Accepted messages are marked in one statement;
 * a provider failure is recorded and holds the message until its retry is due, or marks it failed after
 * the last retry. Each status change is recorded for the app's callback with it. Answers how many
 * messages it claimed and when the earliest retry it scheduled is due.
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
  const emailApps = [...new Set(rows.filter((r) => r.type === 'email').map((r) => r.appId))]
  const owners = await repo.appOwners(deps.db, emailApps)
  const accepted: { id: number; status: 'sent' | 'delivered'; providerMessageId: string | null }[] = []
  const failed: repo.MessageRow[] = []
  let nextRetryAt: Date | null = null
  let next = 0
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++] as repo.MessageRow
      const senders = row.test ? deps.testSenders : deps
      const outcome = await sendThroughChannel(
        senders,
        row,
        owners.find((o) => o.appId === row.appId),
      )
      if (outcome.ok) {
        accepted.push({
          id: row.id,
          status: acceptedStatus(senders, row),
          providerMessageId: outcome.providerMessageId ?? null,
        })
        continue
      }
      const failedAttempts = row.failedAttempts + 1
      const finalAttempt = failedAttempts > policy.retryLimit
      const retryAt = finalAttempt ? null : retryDueAt(policy, failedAttempts, new Date())
      if (retryAt && (!nextRetryAt || retryAt < nextRetryAt)) nextRetryAt = retryAt
      const updated = await repo.updateMessage(deps.db, row.id, {
        status: finalAttempt ? 'failed' : 'queued',
        failedAttempts,
        error: outcome.error,
        errorCode: outcome.code ?? 'delivery_failed',
        // A queued message held until its retry is due: no pass takes it before.
        deliveringUntil: retryAt,
      })
      if (finalAttempt && updated) failed.push(updated)
    }
  }
  await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, rows.length) }, worker))
  const changed = await deps.db.transaction(async (tx) => {
    const marked = await repo.markAccepted(tx, accepted, new Date())
    const all = [...marked, ...failed]
    return (await recordStatusChanges(tx, all)) > 0
  })
  if (changed) deps.onStatusChange?.()
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

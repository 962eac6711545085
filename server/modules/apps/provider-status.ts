import { outboxStatus } from '../../adapters/sms/twilio'
import type { Database } from '../../db/client'
import type { JobQueue } from '../../plugins/jobs'
import { recordStatusChanges } from './callbacks'
import * as repo from './message-repository'

/** The queue whose jobs run a callback pass (defined by the apps routes). */
export const CALLBACK_QUEUE = 'app-callback-delivery'

// Callbacks can arrive out of order: a late 'sent' must not undo 'delivered'.
const rank = { queued: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2 } as const

/**
 * A provider's delivery report (Twilio's status callback, already verified) applied to the app message
 * it is about: its status moves forward only, a failure keeps Twilio's error code, and the change is
 * recorded for the app's callback in the same transaction. Answers whether anything changed.
 */
export async function applyProviderStatus(
  deps: { db: Database; jobs: JobQueue },
  params: {
    MessageSid?: string | undefined
    MessageStatus?: string | undefined
    ErrorCode?: string | undefined
  },
): Promise<boolean> {
  const status = params.MessageStatus ? outboxStatus(params.MessageStatus) : null
  if (!params.MessageSid || !status) return false
  const sid = params.MessageSid
  const changed = await deps.db.transaction(async (tx) => {
    const row = await repo.findMessageByProviderId(tx, sid)
    if (!row || rank[status] <= rank[row.status]) return false
    const failed = status === 'failed' || status === 'undelivered'
    const updated = await repo.updateMessage(tx, row.id, {
      status,
      ...(failed
        ? {
            errorCode: params.ErrorCode ?? 'delivery_failed',
            error: params.ErrorCode
              ? `Twilio error ${params.ErrorCode}`
              : 'The carrier did not deliver the message.',
          }
        : {}),
    })
    return updated ? (await recordStatusChanges(tx, [updated])) > 0 : false
  })
  // The callback goes out on the job queue's worker now (the minute sweep would find it too).
  if (changed && deps.jobs.running) await deps.jobs.send(CALLBACK_QUEUE, {})
  return changed
}

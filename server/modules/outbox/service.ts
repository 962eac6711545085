import type { Database } from '../../db/client'
import { outboxStatus } from '../../adapters/sms/twilio'
import * as repo from './repository'

export interface OutboxEntry {
  channel: 'E-mail' | 'SMS'
  to: string
  subject: string | null
  body: string
  template: string
  status: string
  createdAt: Date
}

/** The newest e-mails and text messages together, newest first. */
export async function latestMessages(db: Database, limit = 50): Promise<OutboxEntry[]> {
  const [mail, sms] = await Promise.all([repo.latestMail(db, limit), repo.latestSms(db, limit)])
  const entries: OutboxEntry[] = [
    ...mail.map((m) => ({
      channel: 'E-mail' as const,
      to: m.to,
      subject: m.subject,
      body: m.text,
      template: m.template,
      status: m.status,
      createdAt: m.createdAt,
    })),
    ...sms.map((s) => ({
      channel: 'SMS' as const,
      to: s.to,
      subject: null,
      body: s.body,
      template: s.template,
      status: s.status,
      createdAt: s.createdAt,
    })),
  ]
  return entries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit)
}

// Callbacks can arrive out of order: a late 'sent' must not undo 'delivered'.
const rank: Record<repo.SmsStatus, number> = { queued: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2 }

/** Applies a Twilio status callback to the outbox row of its message; unknown messages are ignored. */
export async function applyTwilioStatus(
  db: Database,
  params: { MessageSid?: string; MessageStatus?: string; ErrorCode?: string },
): Promise<boolean> {
  const status = params.MessageStatus ? outboxStatus(params.MessageStatus) : null
  if (!params.MessageSid || !status) return false
  const row = await repo.findSmsByProviderId(db, params.MessageSid)
  if (!row || rank[status] < rank[row.status]) return false
  const error = params.ErrorCode ? `Twilio error ${params.ErrorCode}` : row.error
  await repo.setSmsStatus(db, row.id, status, error)
  return true
}

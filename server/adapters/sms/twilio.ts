import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import { smsOutbox } from '../../db/schema'
import type { SendOutcome } from '../outcome'
import type { SmsMessage, SmsSender } from './types'

export interface TwilioAccount {
  accountSid: string
  authToken: string
  /** A sender number in E.164, or a Messaging Service SID (MG…). */
  from: string
  /** https://api.twilio.com, or a local fake in tests. */
  apiUrl: string
}

type OutboxStatus = (typeof smsOutbox.$inferSelect)['status']

/** Twilio's message statuses mapped onto the outbox's. */
export function outboxStatus(twilioStatus: string): OutboxStatus | null {
  switch (twilioStatus) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
    case 'sending':
      return 'queued'
    case 'sent':
      return 'sent'
    case 'delivered':
    case 'read':
      return 'delivered'
    case 'undelivered':
      return 'undelivered'
    case 'failed':
    case 'canceled':
      return 'failed'
    default:
      return null
  }
}

/**
 * Twilio Programmable Messaging: one `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` per message,
 * form-encoded `To`, `From` (or `MessagingServiceSid`), `Body` and optionally `StatusCallback`, with
 * HTTP Basic auth (account SID and auth token). Twilio answers 201 with the message resource (`sid`,
 * `status`) or an error object (`code`, `message`, `more_info`, `status`).
 */
export class TwilioSms implements SmsSender {
  readonly sandbox = false

  constructor(
    private readonly db: Database,
    private readonly account: TwilioAccount,
    private readonly log: FastifyBaseLogger,
    private readonly statusCallback: string | undefined,
  ) {}

  async send(message: SmsMessage): Promise<SendOutcome> {
    const [row] = await this.db
      .insert(smsOutbox)
      .values({ ...message, provider: 'twilio', status: 'queued' })
      .returning({ id: smsOutbox.id })
    if (!row) return { ok: false, error: 'not recorded' }
    const form = new URLSearchParams({ To: message.to, Body: message.body })
    if (this.account.from.startsWith('MG')) form.set('MessagingServiceSid', this.account.from)
    else form.set('From', this.account.from)
    if (this.statusCallback) form.set('StatusCallback', this.statusCallback)
    const credentials = Buffer.from(`${this.account.accountSid}:${this.account.authToken}`).toString('base64')
    try {
      const response = await fetch(
        `${this.account.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(this.account.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            Authorization: `Basic ${credentials}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(10_000),
        },
      )
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
      if (!response.ok || typeof body?.sid !== 'string') {
        const reason =
          typeof body?.message === 'string'
            ? `Twilio ${String(body.code ?? response.status)}: ${body.message}`
            : `Twilio answered HTTP ${response.status}`
        throw new TwilioError(reason, body?.code === undefined ? undefined : String(body.code))
      }
      await this.db
        .update(smsOutbox)
        .set({
          providerMessageId: body.sid,
          status: outboxStatus(String(body.status)) ?? 'queued',
          updatedAt: new Date(),
        })
        .where(eq(smsOutbox.id, row.id))
      return { ok: true, providerMessageId: body.sid }
    } catch (error) {
      this.log.error({ err: error, smsOutboxId: row.id }, 'text message not sent')
      await this.db
        .update(smsOutbox)
        .set({
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
          updatedAt: new Date(),
        })
        .where(eq(smsOutbox.id, row.id))
      const reason = error instanceof Error ? error.message : String(error)
      return error instanceof TwilioError && error.code
        ? { ok: false, error: reason, code: error.code }
        : { ok: false, error: reason }
    }
  }
}

/** Twilio's error answer, with its numeric code (e.g. 21211 for an invalid 'To' number). */
class TwilioError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message)
  }
}

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the auth token, of the
 * full callback URL followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const payload = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url)
  return createHmac('sha1', authToken).update(payload, 'utf8').digest('base64')
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | undefined,
): boolean {
  if (!header) return false
  const expected = Buffer.from(twilioSignature(authToken, url, params))
  const given = Buffer.from(header)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

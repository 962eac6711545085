import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Database } from '../../db/client'
import { mailOutbox } from '../../db/schema'
import type { SendOutcome } from '../outcome'
import { withBothParts, type Mailer, type MailMessage } from './types'

/** Sends through SMTP (MAIL_URL) and records each message and its outcome in the outbox. */
export class SmtpMailer implements Mailer {
  readonly sandbox = false
  private readonly transport: Transporter

  constructor(
    private readonly db: Database,
    url: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(url)
  }

  async send(input: MailMessage): Promise<SendOutcome> {
    const message = withBothParts(input)
    const [row] = await this.db
      .insert(mailOutbox)
      .values({ ...message, status: 'queued' })
      .returning({ id: mailOutbox.id })
    if (!row) return { ok: false, error: 'not recorded' }
    try {
      const { fromName, template: _template, ...mail } = message
      await this.transport.sendMail({
        ...mail,
        from: fromName ? withDisplayName(this.from, fromName) : this.from,
      })
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date() })
        .where(eq(mailOutbox.id, row.id))
      return { ok: true }
    } catch (error) {
      // The visitor's request already succeeded; a mail failure is recorded, not thrown at them.
      this.log.error({ err: error, outboxId: row.id }, 'mail delivery failed')
      await this.db
        .update(mailOutbox)
        .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
        .where(eq(mailOutbox.id, row.id))
      return { ok: false, error: error instanceof Error ? error.message : String(error) }
    }
  }
}

/** The configured sender with another display name (nodemailer quotes and encodes it); the address never changes. */
export function withDisplayName(from: string, name: string): { name: string; address: string } {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim()
  return { name: name.replace(/[\r\n]/g, ' ').trim(), address }
}

import type { Database } from '../../db/client'
import { mailOutbox } from '../../db/schema'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** Which product e-mail this is (for example 'contact-confirmation'); kept in the outbox. */
  template: string
}

export interface Mailer {
  readonly sandbox: boolean
  send(message: MailMessage): Promise<void>
}

/** Delivers nothing: every message is recorded in the outbox, readable at /dev/outbox in development. */
export class SandboxMailer implements Mailer {
  readonly sandbox = true
  constructor(private readonly db: Database) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(mailOutbox).values({ ...message, status: 'sandboxed', sentAt: new Date() })
  }
}

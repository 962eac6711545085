import type { Database } from '../../db/client'
import { mailOutbox } from '../../db/schema'
import type { SendOutcome } from '../outcome'
import { withBothParts, type Mailer, type MailMessage } from './types'

/** Delivers nothing: every message is recorded in the outbox, readable at /dev/outbox in development. */
export class SandboxMailer implements Mailer {
  readonly sandbox = true
  constructor(private readonly db: Database) {}

  async send(message: MailMessage): Promise<SendOutcome> {
    await this.db
      .insert(mailOutbox)
      .values({ ...withBothParts(message), status: 'sandboxed', sentAt: new Date() })
    return { ok: true }
  }
}

import { mailOutbox } from '../../db/schema'
import { SandboxSender } from '../sandbox-sender'
import { withBothParts, type Mailer, type MailMessage } from './types'

/** Delivers nothing: every message is recorded in the outbox, readable at /dev/outbox in development. */
export class SandboxMailer extends SandboxSender<MailMessage> implements Mailer {
  protected async record(message: MailMessage): Promise<void> {
    await this.db
      .insert(mailOutbox)
      .values({ ...withBothParts(message), status: 'sandboxed', sentAt: new Date() })
  }
}

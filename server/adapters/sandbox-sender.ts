import type { Database } from '../db/client'
import type { SendOutcome } from './outcome'

/**
 * The sandbox of a sending adapter (mail, SMS, WhatsApp): it sends nothing, records each message in an
 * outbox table of our database (`record`) and reports it accepted.
 */
export abstract class SandboxSender<Message> {
  readonly sandbox = true
  constructor(protected readonly db: Database) {}

  async send(message: Message): Promise<SendOutcome> {
    await this.record(message)
    return { ok: true }
  }

  protected abstract record(message: Message): Promise<void>
}

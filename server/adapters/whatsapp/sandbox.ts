import type { Database } from '../../db/client'
import { smsOutbox } from '../../db/schema'
import type { SendOutcome } from '../outcome'
import type { WhatsAppMessage, WhatsAppSender } from './index'

/** Sends nothing: each message is recorded as delivered in the outbox, addressed `whatsapp:+…`. */
export class SandboxWhatsApp implements WhatsAppSender {
  readonly sandbox = true
  constructor(private readonly db: Database) {}

  async send(message: WhatsAppMessage): Promise<SendOutcome> {
    await this.db
      .insert(smsOutbox)
      .values({ ...message, to: `whatsapp:${message.to}`, provider: 'sandbox', status: 'delivered' })
    return { ok: true }
  }
}

import { smsOutbox } from '../../db/schema'
import { SandboxSender } from '../sandbox-sender'
import type { WhatsAppMessage, WhatsAppSender } from './types'

/** Sends nothing: each message is recorded as delivered in the outbox, addressed `whatsapp:+…`. */
export class SandboxWhatsApp extends SandboxSender<WhatsAppMessage> implements WhatsAppSender {
  protected async record(message: WhatsAppMessage): Promise<void> {
    await this.db
      .insert(smsOutbox)
      .values({ ...message, to: `whatsapp:${message.to}`, provider: 'sandbox', status: 'delivered' })
  }
}

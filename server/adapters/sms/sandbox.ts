import { smsOutbox } from '../../db/schema'
import { SandboxSender } from '../sandbox-sender'
import type { SmsMessage, SmsSender } from './types'

/** Sends nothing: each message is recorded as delivered, readable on the sandbox outbox page. */
export class SandboxSms extends SandboxSender<SmsMessage> implements SmsSender {
  protected async record(message: SmsMessage): Promise<void> {
    await this.db.insert(smsOutbox).values({ ...message, provider: 'sandbox', status: 'delivered' })
  }
}

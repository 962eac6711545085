import type { Database } from '../../db/client'
import { smsOutbox } from '../../db/schema'
import type { SendOutcome } from '../outcome'
import type { SmsMessage, SmsSender } from './index'

/** Sends nothing: each message is recorded as delivered, readable on the sandbox outbox page. */
export class SandboxSms implements SmsSender {
  readonly sandbox = true
  constructor(private readonly db: Database) {}

  async send(message: SmsMessage): Promise<SendOutcome> {
    await this.db.insert(smsOutbox).values({ ...message, provider: 'sandbox', status: 'delivered' })
    return { ok: true }
  }
}

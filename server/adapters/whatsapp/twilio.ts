import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import type { SendOutcome } from '../outcome'
import { TwilioSms, type TwilioAccount } from '../sms/twilio'
import type { WhatsAppMessage, WhatsAppSender } from './types'

/**
 * Twilio's WhatsApp messaging: the same Messages resource as SMS, with `whatsapp:` before both the
 * recipient and the sender number (Twilio's documentation, "Send WhatsApp messages").
 */
export class TwilioWhatsApp implements WhatsAppSender {
  readonly sandbox = false
  private readonly twilio: TwilioSms

  constructor(db: Database, account: TwilioAccount, log: FastifyBaseLogger) {
    this.twilio = new TwilioSms(db, { ...account, from: `whatsapp:${account.from}` }, log, undefined)
  }

  send(message: WhatsAppMessage): Promise<SendOutcome> {
    return this.twilio.send({ ...message, to: `whatsapp:${message.to}` })
  }
}

import type { SendOutcome } from '../outcome'

export interface SmsMessage {
  /** E.164, e.g. +13125550199 (see `toE164`). */
  to: string
  body: string
  /** Which product message this is (for example 'password-reset-code'); kept in the outbox. */
  template: string
}

/** Sends text messages. Every message is recorded in the SMS outbox with its delivery status. */
export interface SmsSender {
  readonly sandbox: boolean
  /** Records and sends; a provider failure is recorded and logged, never thrown at the caller. */
  send(message: SmsMessage): Promise<SendOutcome>
}

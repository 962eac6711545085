import type { SendOutcome } from '../outcome'

export interface WhatsAppMessage {
  /** E.164, e.g. +13125550199. */
  to: string
  body: string
  template: string
}

/** Sends WhatsApp messages; every message is recorded in the SMS outbox (channel-prefixed addresses). */
export interface WhatsAppSender {
  readonly sandbox: boolean
  send(message: WhatsAppMessage): Promise<SendOutcome>
}

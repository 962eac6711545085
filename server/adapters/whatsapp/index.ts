import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { SandboxWhatsApp } from './sandbox'
import { TwilioWhatsApp } from './twilio'
import type { WhatsAppSender } from './types'

export type { WhatsAppMessage, WhatsAppSender } from './types'

/**
 * Twilio's WhatsApp sender when Twilio is configured with a WhatsApp-enabled number
 * (TWILIO_WHATSAPP_FROM), otherwise the sandbox.
 */
export function createWhatsAppSender(config: Config, db: Database, log: FastifyBaseLogger): WhatsAppSender {
  if (!config.twilio || !config.whatsappFrom) return new SandboxWhatsApp(db)
  return new TwilioWhatsApp(db, { ...config.twilio, from: config.whatsappFrom }, log)
}

/** The sandbox even when a provider is configured: where test-key messages go (recorded, never sent). */
export function createSandboxWhatsApp(db: Database): WhatsAppSender {
  return new SandboxWhatsApp(db)
}

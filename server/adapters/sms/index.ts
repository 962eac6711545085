import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { SandboxSms } from './sandbox'
import { TwilioSms } from './twilio'
import type { SmsSender } from './types'

export type { SmsMessage, SmsSender } from './types'

/** Twilio when its three variables are set, otherwise the sandbox (ARCHITECTURE §5). */
export function createSmsSender(config: Config, db: Database, log: FastifyBaseLogger): SmsSender {
  if (!config.twilio) return new SandboxSms(db)
  // Twilio only calls back to a public https address.
  const statusCallback = config.publicUrl.startsWith('https://')
    ? `${config.publicUrl}${TWILIO_STATUS_PATH}`
    : undefined
  return new TwilioSms(db, config.twilio, log, statusCallback)
}

export const TWILIO_STATUS_PATH = '/api/webhooks/twilio/sms-status/'

/**
 * A phone number as people type it ('+1 (312) 555-0199', '0020 100 555 0142') in E.164, or null when
 * it has no country code or the wrong number of digits.
 */
export function toE164(phone: string): string | null {
  const compact = phone.trim().replace(/[\s().-]/g, '')
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact
  return /^\+[1-9]\d{6,14}$/.test(international) ? international : null
}

/** The sandbox even when a provider is configured: where test-key messages go (recorded, never sent). */
export function createSandboxSms(db: Database): SmsSender {
  return new SandboxSms(db)
}

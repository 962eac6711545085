import { z } from 'zod'
import { blankAsUnset, withoutTrailingSlash } from './values'

/** How the product reaches people: e-mail (SMTP), text messages and WhatsApp (Twilio). */
export const messagingEnv = z.object({
  MAIL_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Cypher <no-reply@cypher.example>'),
  /** Twilio Programmable Messaging for text messages; all unset means the SMS sandbox. */
  TWILIO_ACCOUNT_SID: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID (AC + 32 hex digits)')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: z.preprocess(blankAsUnset, z.string().min(16).optional()),
  TWILIO_FROM: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, 'must be an E.164 number or a Messaging Service SID')
      .optional(),
  ),
  /** A WhatsApp-enabled Twilio number (E.164); with the Twilio account set, WhatsApp goes through Twilio. */
  TWILIO_WHATSAPP_FROM: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number')
      .optional(),
  ),
  TWILIO_API_URL: z.preprocess(blankAsUnset, z.url().default('https://api.twilio.com')),
})

type MessagingEnv = z.infer<typeof messagingEnv>

export interface TwilioConfig {
  accountSid: string
  authToken: string
  from: string
  apiUrl: string
}

export function twilioProblems(env: MessagingEnv): string[] {
  const parts = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM]
  return parts.some(Boolean) && !parts.every(Boolean)
    ? ['TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three to send text messages, or none']
    : []
}

/** Twilio for text messages; null means the SMS sandbox. */
export function twilioConfig(env: MessagingEnv): TwilioConfig | null {
  return env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
    ? {
        accountSid: env.TWILIO_ACCOUNT_SID,
        authToken: env.TWILIO_AUTH_TOKEN,
        from: env.TWILIO_FROM,
        apiUrl: withoutTrailingSlash(env.TWILIO_API_URL),
      }
    : null
}

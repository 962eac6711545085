import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import type { SendOutcome } from '../outcome'
import { htmlFromText } from './html'
import { SandboxMailer } from './sandbox'
import { SmtpMailer } from './smtp'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** Written by hand where the plain text is not enough; otherwise derived from `text` (every message has both parts). */
  html?: string
  /** Which product e-mail this is (for example 'contact-confirmation'); kept in the outbox. */
  template: string
  /** Where replies go (a visitor's address on staff copies, a client's on app e-mail); none means the sender. */
  replyTo?: string
  /** The sender's display name instead of the configured one (the address stays ours). */
  fromName?: string
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>
}

/** The message as it is recorded and sent: both parts present. */
export function withBothParts(message: MailMessage): MailMessage & { html: string } {
  return { ...message, html: message.html ?? htmlFromText(message.text) }
}

/** Sends e-mail. Every message is recorded in the mail outbox with its outcome. */
export interface Mailer {
  readonly sandbox: boolean
  /** Records and sends; a failure is recorded, logged and reported, never thrown. */
  send(message: MailMessage): Promise<SendOutcome>
}

/** SMTP when MAIL_URL is set, otherwise the sandbox outbox (ARCHITECTURE §5). */
export function createMailer(config: Config, db: Database, log: FastifyBaseLogger): Mailer {
  return config.mail.url ? new SmtpMailer(db, config.mail.url, config.mail.from, log) : new SandboxMailer(db)
}

/** The sandbox even when a provider is configured: where test-key messages go (recorded, never sent). */
export function createSandboxMailer(db: Database): Mailer {
  return new SandboxMailer(db)
}

import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import type { SendOutcome } from '../outcome'
import { SandboxMailer } from './sandbox'
import { SmtpMailer } from './smtp'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** Which product e-mail this is (for example 'contact-confirmation'); kept in the outbox. */
  template: string
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

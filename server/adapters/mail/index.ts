import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { SandboxMailer } from './sandbox'
import { SmtpMailer } from './smtp'
import type { Mailer } from './types'

export type { Mailer, MailMessage } from './types'

/** SMTP when MAIL_URL is set, otherwise the sandbox outbox (ARCHITECTURE §5). */
export function createMailer(config: Config, db: Database, log: FastifyBaseLogger): Mailer {
  return config.mail.url ? new SmtpMailer(db, config.mail.url, config.mail.from, log) : new SandboxMailer(db)
}

/** The sandbox even when a provider is configured: where test-key messages go (recorded, never sent). */
export function createSandboxMailer(db: Database): Mailer {
  return new SandboxMailer(db)
}

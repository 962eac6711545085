import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, timestamps } from './columns'

/** Small key/value facts about the database itself (for example, that the demo seed ran). */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamptzNow(),
})

/** Every e-mail the product sends; the sandbox mailer only writes here, SMTP also delivers. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    template: text().notNull(),
    replyTo: text(),
    fromName: text(),
    headers: jsonb().$type<Record<string, string>>(),
    status: text({ enum: ['queued', 'sent', 'sandboxed', 'failed'] }).notNull(),
    error: text(),
    createdAt: timestamptzNow(),
    sentAt: timestamptz(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
)

/** Every text message the product sends; the sandbox records it as delivered, a provider also sends it. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    to: text().notNull(),
    body: text().notNull(),
    /** Which product message this is (for example 'password-reset-code'). */
    template: text().notNull(),
    provider: text({ enum: ['sandbox', 'twilio'] }).notNull(),
    /** The provider's message id (Twilio's SM… sid); status callbacks find the row by it. */
    providerMessageId: text().unique(),
    status: text({
      enum: ['queued', 'sent', 'delivered', 'undelivered', 'failed'],
    }).notNull(),
    error: text(),
    ...timestamps(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to)],
)

import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Small key/value facts about the database itself (for example, that the demo seed ran). */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Every e-mail the product sends; the sandbox mailer only writes here, SMTP also delivers. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
)

/** Every text message the product sends; the sandbox records it as delivered, a provider also sends it. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to)],
)

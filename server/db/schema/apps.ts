import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { APP_STATUSES, MESSAGE_STATUSES, SERVICE_TYPES } from '@/contract/apps'
import { clients } from './accounts'

/** A client's messaging app (spec 001 §3 "App"), reached by its API key. */
export const apps = pgTable(
  'apps',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    status: text({ enum: APP_STATUSES }).notNull().default('active'),
    /** Shown to its owner (truncated on the dashboard, revealable on the app page), so kept readable. */
    apiKey: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('apps_client_idx').on(t.clientId)],
)

/** A messaging package bought for an app, with its usage counter. */
export const appSubscriptions = pgTable(
  'app_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    appId: integer()
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    packageType: text({ enum: SERVICE_TYPES }).notNull(),
    packageName: text().notNull(),
    messagesUsed: integer().notNull().default(0),
    messagesLimit: integer().notNull(),
    startDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null: no expiry. */
    endDate: timestamp({ withTimezone: true }),
  },
  (t) => [index('app_subscriptions_app_idx').on(t.appId)],
)

/** Every message an app sent, with its delivery outcome. */
export const appMessages = pgTable(
  'app_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    appId: integer()
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    subscriptionId: integer().references(() => appSubscriptions.id, { onDelete: 'set null' }),
    type: text({ enum: SERVICE_TYPES }).notNull(),
    sentTo: text().notNull(),
    subject: text(),
    status: text({ enum: MESSAGE_STATUSES }).notNull().default('queued'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_messages_app_created_idx').on(t.appId, t.createdAt)],
)

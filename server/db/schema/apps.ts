import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, parentId, optionalRef } from './columns'
import { ownedTable } from './tables'
import { APP_STATUSES, MESSAGE_STATUSES, PACKAGE_DURATIONS, SERVICE_TYPES } from '@/contract/apps'
import { clients } from './accounts'

/** A client's messaging app (spec 001 §3 "App"), reached by its API key. */
export const apps = ownedTable(
  'apps',
  { key: 'clientId', references: () => clients.id, indexName: 'client' },
  {
    name: text().notNull(),
    description: text().notNull().default(''),
    status: text({ enum: APP_STATUSES }).notNull().default('active'),
    /**
     * A key from before keys were sealed (and the demo seed's): moved into `app_api_keys` (hashed and
     * encrypted) when the server starts, then cleared. Never read by the API.
     */
    apiKey: text().unique(),
    /** Where status changes of the app's messages are POSTed (Standard Webhooks); null: none. */
    callbackUrl: text(),
    /** The callbacks' signing secret (`whsec_…`), sealed like the API keys; shown to the owner once. */
    webhookSecretCiphertext: text(),
    /** The secret before the last rotation: callbacks are signed with both until it ends. */
    previousWebhookSecretCiphertext: text(),
    previousWebhookSecretExpiresAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
)

/**
 * An app's API keys: found by the SHA-256 of the key, kept AES-256-GCM encrypted (so the owner can
 * reveal it) and shown masked by its first characters. A rotated key keeps working until `expiresAt`.
 */
export const appApiKeys = pgTable(
  'app_api_keys',
  {
    id: id(),
    appId: parentId(() => apps.id),
    keyHash: text().notNull().unique(),
    /** The first characters, shown masked in lists. */
    keyPrefix: text().notNull(),
    /** base64url(iv ‖ tag ‖ ciphertext) under the server's app key secret. */
    keyCiphertext: text().notNull(),
    createdAt: timestamptzNow(),
    /** Null while it is the app's current key; a rotated key ends 24 hours after the rotation. */
    expiresAt: timestamptz(),
    /** A test key (`cyk_test_…`): same answers, nothing sent through a provider, no quota spent. */
    test: boolean().notNull().default(false),
  },
  (t) => [
    index('app_api_keys_app_idx').on(t.appId),
    // One current key per app and mode.
    uniqueIndex('app_api_keys_current_idx')
      .on(t.appId, t.test)
      .where(sql`${t.expiresAt} is null`),
  ],
)

/** The company's messaging packages (spec 001 §3 "Package"), sold per service type. */
export const messagingPackages = pgTable(
  'messaging_packages',
  {
    id: id(),
    serviceType: text({ enum: SERVICE_TYPES }).notNull(),
    name: text().notNull(),
    /** USD minor units. */
    priceMinor: integer().notNull(),
    durationMonths: integer().notNull(),
    /** Messages included. */
    messageLimit: integer().notNull(),
    /** Where an SMS package delivers ('local', 'international'); null for other types. */
    smsScope: text(),
    active: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index('messaging_packages_type_idx').on(t.serviceType, t.sortOrder)],
)

/** A messaging package bought for an app, with its usage counter. */
export const appSubscriptions = ownedTable(
  'app_subscriptions',
  { key: 'appId', references: () => apps.id, indexName: 'app' },
  {
    packageId: optionalRef(() => messagingPackages.id),
    packageType: text({ enum: SERVICE_TYPES }).notNull(),
    packageName: text().notNull(),
    messagesUsed: integer().notNull().default(0),
    messagesLimit: integer().notNull(),
    startDate: timestamptzNow(),
    /** Null: no expiry. */
    endDate: timestamptz(),
    /** When the usage alerts (80% and 100% of the limit) were e-mailed; each goes once. */
    alert80SentAt: timestamptz(),
    alert100SentAt: timestamptz(),
    /** When the "expires in 7 days" e-mail went (once). */
    expiryAlertSentAt: timestamptz(),
  },
)

/** Every message an app sent, with its delivery outcome. */
export const appMessages = pgTable(
  'app_messages',
  {
    id: id(),
    appId: parentId(() => apps.id),
    subscriptionId: optionalRef(() => appSubscriptions.id),
    type: text({ enum: SERVICE_TYPES }).notNull(),
    sentTo: text().notNull(),
    subject: text(),
    /** The text to deliver (null for messages recorded before the messaging API kept it). */
    body: text(),
    status: text({ enum: MESSAGE_STATUSES }).notNull().default('queued'),
    /** What the message costs of its package: SMS parts as carriers count them, 1 otherwise. */
    segments: integer().notNull().default(1),
    /** Sent with the app's test key: recorded in the sandbox outbox, never at a provider, no quota spent. */
    test: boolean().notNull().default(false),
    /** The provider's (or our) code for the failure, beside `error` (its text). */
    errorCode: text(),
    /** The provider's id of the message (Twilio's SM… sid): its status callbacks find the message by it. */
    providerMessageId: text(),
    /** Delivery attempts made; attempts that met a provider failure count towards uptime. */
    attempts: integer().notNull().default(0),
    failedAttempts: integer().notNull().default(0),
    error: text(),
    /** When the provider accepted it (the latency is this minus createdAt). */
    sentAt: timestamptz(),
    /** While set and in the future, one delivery attempt holds the message: no other may send it. */
    deliveringUntil: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    index('app_messages_app_created_idx').on(t.appId, t.createdAt),
    // The messaging API's list: newest first by id, one app (and mode) at a time.
    index('app_messages_app_id_idx').on(t.appId, t.test, t.id),
    uniqueIndex('app_messages_provider_idx').on(t.providerMessageId),
    index('app_messages_queued_idx')
      .on(t.id)
      .where(sql`${t.status} = 'queued'`),
  ],
)

/** A client's own messaging packages ('Msg Package Management', spec 001 §2, §3 "Local messaging package"). */
export const clientPackages = pgTable(
  'client_packages',
  {
    id: id(),
    clientId: parentId(() => clients.id),
    name: text().notNull(),
    /** USD minor units. */
    priceMinor: integer().notNull(),
    duration: text({ enum: PACKAGE_DURATIONS }).notNull(),
    messages: integer().notNull(),
    features: jsonb().$type<string[]>().notNull().default([]),
    serviceType: text({ enum: SERVICE_TYPES }).notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamptzNow(),
  },
  (t) => [index('client_packages_client_idx').on(t.clientId, t.createdAt)],
)

/**
 * `Idempotency-Key`s of the messaging API, per app and mode, kept 24 hours: a send with a known key
 * answers the message it created instead of sending again.
 */
export const appIdempotencyKeys = pgTable(
  'app_idempotency_keys',
  {
    id: id(),
    appId: parentId(() => apps.id),
    test: boolean().notNull(),
    key: text().notNull(),
    /** SHA-256 of the request body as parsed: the same key with another body is refused. */
    requestHash: text().notNull(),
    /** The message the first request created. */
    messageId: integer().notNull(),
    createdAt: timestamptzNow(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [
    uniqueIndex('app_idempotency_keys_key_idx').on(t.appId, t.test, t.key),
    index('app_idempotency_keys_expires_idx').on(t.expiresAt),
  ],
)

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const

/**
 * One status-change event of a message for its app's callback URL, with its latest attempt; retried
 * with exponential backoff for 24 hours. The table is its own queue (passes claim due rows).
 */
export const appWebhookDeliveries = pgTable(
  'app_webhook_deliveries',
  {
    id: id(),
    appId: parentId(() => apps.id),
    messageId: integer().references(() => appMessages.id, { onDelete: 'cascade' }),
    /** `webhook-id`: the same on every attempt, so receivers can drop repeats. */
    webhookId: text().notNull().unique(),
    /** `message.sent`, `message.delivered`, `message.failed`, `message.undelivered`. */
    event: text().notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    payload: text().notNull(),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** The last attempt's HTTP status; null when it got no answer (timeout, refused address). */
    responseStatus: integer(),
    lastError: text(),
    lastAttemptAt: timestamptz(),
    /** When the next attempt is due; null once it succeeded or gave up. */
    nextAttemptAt: timestamptz(),
    /** Retries stop 24 hours after this (its creation, or a Resend). */
    windowStartedAt: timestamptzNow(),
    /** While in the future an attempt holds the row: no other pass sends it. */
    deliveringUntil: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    index('app_webhook_deliveries_app_idx').on(t.appId, t.id),
    index('app_webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
)

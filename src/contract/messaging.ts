import * as z from 'zod/mini'
import { MESSAGE_STATUSES, SERVICE_TYPES } from './apps'
import { boundedInteger, recordId } from './common'

/**
 * The messaging API for clients' systems: POST /api/v1/messages, GET /api/v1/messages and
 * GET /api/v1/messages/{id}, with the app's key in X-API-Key. Sending is asynchronous: 202 once the
 * message and its quota use are stored.
 */
export const API_KEY_HEADER = 'x-api-key'
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
/** Set on an answer that repeats an earlier send with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed'
export const IDEMPOTENCY_KEY_MAX = 255
/** How long a key is remembered, per app and mode. */
export const IDEMPOTENCY_KEY_HOURS = 24
export const MESSAGE_BODY_MAX = 10_000
export const MESSAGE_SUBJECT_MAX = 200
export const MESSAGE_TO_MAX = 254
/** Sends per key and minute. */
export const MESSAGES_PER_MINUTE = 600
export const MESSAGE_LIST_LIMIT_DEFAULT = 20
export const MESSAGE_LIST_LIMIT_MAX = 100

/** Every error of the messaging API carries one of these in `code`, beside `detail`. */
export const MESSAGING_ERROR_CODES = {
  invalid_api_key: { status: 401, meaning: 'The X-API-Key header is missing, or the key is unknown.' },
  key_revoked: {
    status: 401,
    meaning: 'The key was rotated out (after its 24-hour overlap) or the app was deleted.',
  },
  validation_error: {
    status: 400,
    meaning: 'The request is invalid; each invalid field has an array of messages.',
  },
  package_exhausted: {
    status: 402,
    meaning: 'The channel’s package has too few messages left; `limit` and `used` say how many.',
  },
  package_expired: { status: 402, meaning: 'The channel’s package has ended.' },
  app_inactive: { status: 403, meaning: 'The app is not active (waiting for its payment, suspended).' },
  channel_not_in_package: { status: 403, meaning: 'The app has no package for this channel.' },
  not_found: { status: 404, meaning: 'No such message for this key’s app and mode.' },
  payload_too_large: { status: 413, meaning: 'The request body is too large.' },
  unsupported_media_type: { status: 415, meaning: 'Send JSON (Content-Type: application/json).' },
  idempotency_key_reused: {
    status: 422,
    meaning: 'This Idempotency-Key was used in the last 24 hours with another body.',
  },
  rate_limited: {
    status: 429,
    meaning: `More than ${MESSAGES_PER_MINUTE} requests a minute for the key; wait Retry-After seconds.`,
  },
  internal_error: {
    status: 500,
    meaning: 'Our fault; the request may be repeated with its Idempotency-Key.',
  },
  service_unavailable: { status: 503, meaning: 'Briefly unavailable; wait Retry-After seconds.' },
} as const satisfies Record<string, { status: number; meaning: string }>
export type MessagingErrorCode = keyof typeof MESSAGING_ERROR_CODES
const ERROR_CODE_NAMES = Object.keys(MESSAGING_ERROR_CODES) as [MessagingErrorCode, ...MessagingErrorCode[]]

export const messagingErrors = {
  keyMissing: 'Missing API key. Send it in the X-API-Key header.',
  keyInvalid: 'Invalid API key.',
  keyRevoked: 'This API key has been revoked. Use the app’s current key from the client portal.',
  appInactive: 'This app is not active.',
  noPackage: (channel: string) => `This app has no ${channel} package.`,
  expired: (channel: string) =>
    `The ${channel} package of this app has expired. Renew it in the client portal to send again.`,
  exhausted: (channel: string) =>
    `The ${channel} package of this app has no messages left. Buy another package to send again.`,
  badRecipient: (channel: string) =>
    channel === 'email'
      ? 'Enter a valid e-mail address in "to".'
      : 'Enter the phone number in "to" in international format, e.g. +13125550199.',
  subjectRequired: 'An e-mail needs a subject.',
  notFound: 'Message not found.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used with a different request body. Use a new key for a new message.',
  idempotencyKeyInvalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} printable characters.`,
} as const

export const sendMessageSchema = z.object({
  channel: z.enum(SERVICE_TYPES),
  to: z.string().check(z.trim(), z.minLength(1), z.maxLength(MESSAGE_TO_MAX)),
  subject: z.optional(z.string().check(z.trim(), z.maxLength(MESSAGE_SUBJECT_MAX))),
  body: z.string().check(z.minLength(1), z.maxLength(MESSAGE_BODY_MAX)),
})
export type SendMessage = z.infer<typeof sendMessageSchema>
z.globalRegistry.add(sendMessageSchema, {
  examples: [
    { channel: 'sms', to: '+13125550199', body: 'Your order 1042 is on its way.' },
    {
      channel: 'email',
      to: 'customer@example.com',
      subject: 'Your receipt',
      body: 'Thank you for your order. Your receipt number is 1042.',
    },
    { channel: 'whatsapp', to: '+201005550142', body: 'Your table for two is booked for 8 pm.' },
  ],
})

/** The message resource: what sending answers, what reading and listing answer, what callbacks carry. */
export const messageSchema = z.object({
  id: z.int(),
  channel: z.enum(SERVICE_TYPES),
  to: z.string(),
  subject: z.nullable(z.string()),
  status: z.enum(MESSAGE_STATUSES),
  /** What it costs of the package: SMS parts as carriers count them (GSM-7 160/153, UCS-2 70/67), else 1. */
  segments: z.int(),
  /** Sent with the test key: never at a provider, no quota spent. */
  test: z.boolean(),
  attempts: z.int(),
  /** Set when it failed or was undelivered: the provider's code (Twilio's) or ours, and its text. */
  error_code: z.nullable(z.string()),
  error_message: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
})
export type MessageBody = z.infer<typeof messageSchema>
z.globalRegistry.add(messageSchema, {
  examples: [
    {
      id: 1042,
      channel: 'sms',
      to: '+13125550199',
      subject: null,
      status: 'delivered',
      segments: 1,
      test: false,
      attempts: 1,
      error_code: null,
      error_message: null,
      created_at: '2026-11-24T09:30:00.000Z',
      sent_at: '2026-11-24T09:30:01.200Z',
    },
  ],
})

/** Cursor pages, newest first: `next` repeats the query with `starting_after` = the last id. */
export const messageListSchema = z.object({
  results: z.array(messageSchema),
  has_more: z.boolean(),
  next: z.nullable(z.string()),
})
export type MessageList = z.infer<typeof messageListSchema>

const INVALID_TIME = 'Enter a date and time in ISO 8601, e.g. 2026-11-24T09:30:00Z.'
const isoTime = () =>
  z.optional(
    z.pipe(
      z
        .string()
        .check(z.refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), INVALID_TIME)),
      z.transform((v) => new Date(v)),
    ),
  )

export const messageListQuerySchema = z.object({
  limit: z._default(boundedInteger(1, MESSAGE_LIST_LIMIT_MAX), MESSAGE_LIST_LIMIT_DEFAULT),
  starting_after: z.optional(recordId()),
  status: z.optional(z.enum(MESSAGE_STATUSES)),
  channel: z.optional(z.enum(SERVICE_TYPES)),
  to: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MESSAGE_TO_MAX))),
  created_after: isoTime(),
  created_before: isoTime(),
})
export type MessageListQuery = z.infer<typeof messageListQuerySchema>

/** Every error answer of the messaging API; validation errors add one array of messages per field. */
export const messagingErrorSchema = z.catchall(
  z.object({ detail: z.string(), code: z.enum(ERROR_CODE_NAMES) }),
  z.union([z.array(z.string()), z.string(), z.number()]),
)

/** The events a status callback carries (`type`), one per status a message can move to. */
export const CALLBACK_EVENTS = [
  'message.sent',
  'message.delivered',
  'message.failed',
  'message.undelivered',
] as const
export type CallbackEvent = (typeof CALLBACK_EVENTS)[number]

/** A status callback's JSON body (Standard Webhooks: `type`, `timestamp`, `data`). */
export const callbackPayloadSchema = z.object({
  type: z.enum(CALLBACK_EVENTS),
  timestamp: z.string(),
  data: messageSchema,
})
export type CallbackPayload = z.infer<typeof callbackPayloadSchema>

/** The messaging tag's text in the OpenAPI document: how to call, idempotency, callbacks, the error codes. */
export const MESSAGING_API_GUIDE = [
  'Send SMS, e-mail and WhatsApp messages with an app’s package. Authenticate with the app’s key in `X-API-Key`: the live key sends; the test key (`cyk_test_…`) answers the same but never sends through a provider and never spends the package.',
  '',
  `**Idempotency.** Send \`Idempotency-Key\` (any text up to ${IDEMPOTENCY_KEY_MAX} characters, e.g. a UUID) with POST: for ${IDEMPOTENCY_KEY_HOURS} hours the same key with the same body answers the same message again (header \`Idempotent-Replayed: true\`) and sends and charges once, however many arrive together; with another body it answers 422 \`idempotency_key_reused\`. A request that failed stored nothing and may be repeated with its key.`,
  '',
  '**Segments.** SMS are charged in segments as carriers count them: GSM-7 text 160 characters (153 per part when split), anything else (Arabic, emoji) UCS-2 70 (67 per part). E-mail and WhatsApp messages count 1.',
  '',
  '**Status callbacks.** With a callback URL set in the app’s settings, each status change (`message.sent`, `message.delivered`, `message.failed`, `message.undelivered`) is POSTed as `{type, timestamp, data}` with `data` the message, signed per Standard Webhooks: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the app’s `whsec_` secret). Answer 2xx within 10 seconds; anything else is retried with exponential backoff for 24 hours. Redirects are not followed.',
  '',
  '**Errors** answer `{"detail": "…", "code": "…"}`:',
  '',
  '| code | status | meaning |',
  '| --- | --- | --- |',
  ...Object.entries(MESSAGING_ERROR_CODES).map(
    ([code, { status, meaning }]) => `| \`${code}\` | ${status} | ${meaning} |`,
  ),
].join('\n')

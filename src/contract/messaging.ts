import * as z from 'zod/mini'
import { MESSAGE_STATUSES, SERVICE_TYPES } from './apps'

/**
 * The messaging API for clients' systems: POST /api/v1/messages and GET /api/v1/messages/{id}, with the
 * app's key in X-API-Key. Sending is asynchronous: 202 once the message and its quota use are stored.
 */
export const API_KEY_HEADER = 'x-api-key'
export const MESSAGE_BODY_MAX = 10_000
export const MESSAGE_SUBJECT_MAX = 200
export const MESSAGE_TO_MAX = 254
/** Sends per key and minute. */
export const MESSAGES_PER_MINUTE = 600

export const messagingErrors = {
  keyMissing: 'Missing API key. Send it in the X-API-Key header.',
  keyInvalid: 'Invalid API key.',
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

export const messageStatusSchema = z.object({
  id: z.int(),
  channel: z.enum(SERVICE_TYPES),
  to: z.string(),
  subject: z.nullable(z.string()),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.int(),
  error: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
})
export type MessageStatusBody = z.infer<typeof messageStatusSchema>
z.globalRegistry.add(messageStatusSchema, {
  examples: [
    {
      id: 1042,
      channel: 'sms',
      to: '+13125550199',
      subject: null,
      status: 'delivered',
      attempts: 1,
      error: null,
      created_at: '2026-11-24T09:30:00.000Z',
      sent_at: '2026-11-24T09:30:01.200Z',
    },
  ],
})

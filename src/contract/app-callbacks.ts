import * as z from 'zod/mini'
import { paginated } from './common'

/** Status callbacks of a messaging app (issue 28): its callback URL, signing secret and deliveries. */
export const CALLBACK_URL_MAX = 2048
/** Callback deliveries per page on the app's settings tab. */
export const DELIVERIES_PAGE_SIZE = 20
/** After a rotation the previous secret keeps signing (beside the new one) this long. */
export const SECRET_OVERLAP_HOURS = 24

export const callbackSettingsInputSchema = z.object({
  /** null or '' removes the callback. */
  callback_url: z.nullable(z.string().check(z.maxLength(CALLBACK_URL_MAX))),
})

/** The saved URL, and the signing secret when this save created it (shown once). */
export const callbackSettingsSchema = z.object({
  callback_url: z.nullable(z.string()),
  webhook_secret: z.nullable(z.string()),
})
export type CallbackSettings = z.infer<typeof callbackSettingsSchema>

/** A new signing secret, shown once; the previous one keeps signing until `previous_secret_expires_at`. */
export const webhookSecretSchema = z.object({
  webhook_secret: z.string(),
  previous_secret_expires_at: z.nullable(z.string()),
})

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const

export const callbackDeliverySchema = z.object({
  id: z.int(),
  message_id: z.nullable(z.int()),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.int(),
  /** The last attempt's HTTP status; null when none came (timeout, refused address). */
  response_status: z.nullable(z.int()),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  last_attempt_at: z.nullable(z.string()),
  /** When the next retry is due; null once it succeeded or gave up. */
  next_attempt_at: z.nullable(z.string()),
})
export type CallbackDelivery = z.infer<typeof callbackDeliverySchema>
export const callbackDeliveryListSchema = paginated(callbackDeliverySchema)

export const callbackTexts = {
  saved: 'Callback URL saved.',
  removed: 'Callback URL removed. Status changes are no longer sent.',
  saveFailed: 'Could not save the callback URL.',
  secretOnce: 'Copy this signing secret now: it is shown only once.',
  secretRotated: 'A new signing secret was made. The previous one keeps signing for 24 hours.',
  resent: 'The callback will be sent again now.',
  resendFailed: 'Could not resend the callback.',
  noDeliveries: 'No callbacks sent yet.',
  deliveriesFailed: 'Could not load the callbacks.',
} as const

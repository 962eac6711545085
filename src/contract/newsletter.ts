import * as z from 'zod/mini'
import { isEmail, tooLong } from './common'
import { messages } from './messages'

/** Texts of spec 000 §5 and §8 for the newsletter form and calls. */
export const newsletterMessages = {
  emptyEmail: messages.invalidEmail,
  invalidFormat: 'Please enter a valid email format.',
  subscribeFailed: 'Failed to subscribe to newsletter',
  subscribeUnreachable: 'Failed to subscribe. Please try again later.',
  unsubscribeFailed: 'Failed to unsubscribe',
  subscribed: 'Thank you for subscribing to our newsletter!',
  alreadySubscribed: 'You are already subscribed to our newsletter.',
  unsubscribed: 'You have been unsubscribed from our newsletter.',
} as const

/** The form's two messages on the server too: empty, then a bad format (spec 000 §5). */
const newsletterEmail = z.pipe(
  z.string({ error: newsletterMessages.emptyEmail }).check(
    z.trim(),
    z.minLength(1, { error: newsletterMessages.emptyEmail, abort: true }),
    z.maxLength(254, { error: tooLong(254), abort: true }),
    z.refine((v) => isEmail(v) && !v.includes('\u0000'), newsletterMessages.invalidFormat),
  ),
  z.transform((v) => v.toLowerCase()),
)

export const newsletterRequestSchema = z.object({ email: newsletterEmail })

/** Both readings of the answer: `message` and `email`, and `success` with `message`. */
export const newsletterResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  email: z.string(),
})
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>

import * as z from 'zod/mini'
import { PHONE_PATTERN } from './auth'
import { emailField, optionalText, REQUIRED, requiredText } from './common'
import { messages } from './messages'
import { PASSWORD_MAX_LENGTH } from './password'

const currentPassword = z
  .string({ error: REQUIRED })
  .check(z.minLength(1, REQUIRED), z.maxLength(PASSWORD_MAX_LENGTH))

export const accountMessages = {
  profileSaved: 'Your profile was saved.',
  phoneNeedsPassword: 'Enter your current password to change your phone number.',
  wrongPassword: 'Your current password is not correct.',
  emailTaken: 'A user with this email already exists.',
  sameEmail: 'This is already your email address.',
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your email address changes when you open it.`,
  emailChanged: 'Your email address was changed.',
  invalidEmailLink: 'This confirmation link is invalid or has expired. Please request a new one.',
} as const

/**
 * The profile of the settings page. Changing the phone number (a recovery channel) also needs the
 * current password (ASVS 7.5.1); names, company and newsletter choice do not.
 */
export const profileUpdateSchema = z.object({
  first_name: requiredText(150),
  last_name: requiredText(150),
  company_name: optionalText(200),
  phone: z.pipe(
    optionalText(32),
    z.string().check(z.refine((v) => v === '' || PHONE_PATTERN.test(v), 'Enter a valid phone number.')),
  ),
  newsletter: z.boolean(),
  current_password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
})
export type ProfileUpdate = z.input<typeof profileUpdateSchema>

/** Asks for an e-mail change; nothing changes until the link sent to the new address is opened. */
export const emailChangeRequestSchema = z.object({
  new_email: emailField(messages.invalidEmail),
  password: currentPassword,
})
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>

export const emailConfirmRequestSchema = z.object({
  token: z.string({ error: REQUIRED }).check(z.minLength(20), z.maxLength(200)),
})

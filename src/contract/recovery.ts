import * as z from 'zod/mini'
import { emailField, tooLong } from './common'
import { messages } from './messages'
import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE, scorePassword } from './password'

/** Spec 002 §9 and ARCHITECTURE §6: the one-time code's rules, shared by the screens and the server. */
export const ONE_TIME_CODE = {
  length: 6,
  ttlSeconds: 300,
  maxAttempts: 3,
  resendAfterSeconds: 60,
  /** Ours: at most this many codes per address per hour, so new codes cannot buy unlimited guesses. */
  perHour: 5,
} as const

/** Ours: how long the token returned for a verified code may be used to choose the new password. */
export const RESET_TOKEN_TTL_SECONDS = 600
/** Spec §2.9: after a successful reset the screen goes to /login after 1.5 s. */
export const RESET_REDIRECT_MS = 1500

export const RECOVERY_METHODS = ['email', 'sms'] as const
export type RecoveryMethod = (typeof RECOVERY_METHODS)[number]

/** The texts of spec 002 §5 and §8 for recovery, and ours where the spec has none. */
export const recoveryMessages = {
  enterEmail: 'Please enter your email address.',
  invalidEmail: messages.invalidEmail,
  completeCode: '❌ Please enter the complete 6-digit code.',
  invalidCode: (remaining: number) => `Invalid code. ${remaining} attempt(s) remaining.`,
  maxAttempts: 'Maximum attempts exceeded. Please request a new code.',
  verificationFailed: 'Verification failed. Please try again.',
  resendFailed: 'Failed to resend code. Please try again.',
  sendFailed: 'Failed to send reset code. Please try again.',
  resetFailed: 'Failed to reset password. Please try again.',
  fillAllFields: 'Please fill in all fields.',
  passwordsDoNotMatch: messages.passwordsDoNotMatch,
  strongerPassword: messages.strongerPassword,
  // Ours.
  codeSent: 'If an account exists for this address, a 6-digit code is on its way.',
  codeExpired: 'The code has expired. Please request a new code.',
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
  tooManyCodes: 'Too many codes were requested for this address. Please try again in an hour.',
  resetTokenInvalid: 'This password reset has expired. Please request a new code.',
  passwordReset: 'Password reset successfully! Redirecting to sign in...',
  codeResent: 'A new code has been sent.',
} as const

/** A code as the boxes send it: exactly six digits. */
export const CODE_PATTERN = /^\d{6}$/

export const requestCodeSchema = z.object({
  email: emailField(recoveryMessages.invalidEmail),
  method: z._default(z.optional(z.enum(RECOVERY_METHODS)), 'email'),
})
export type RequestCodeRequest = z.input<typeof requestCodeSchema>

/** The same answer whether or not the address has an account (no enumeration). */
export const requestCodeResponseSchema = z.object({
  detail: z.string(),
  expires_in: z.int(),
  resend_after: z.int(),
})
export type RequestCodeResponse = z.infer<typeof requestCodeResponseSchema>

export const verifyCodeSchema = z.object({
  email: emailField(recoveryMessages.invalidEmail),
  code: z.string().check(z.regex(CODE_PATTERN, recoveryMessages.completeCode)),
})

export const verifyCodeResponseSchema = z.object({
  reset_token: z.string(),
  expires_in: z.int(),
})
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>

/** The new-password rules of spec §5, with at least 8 characters as a hard rule (ARCHITECTURE §6). */
export function checkNewPassword(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return recoveryMessages.fillAllFields
  if (password !== confirmPassword) return recoveryMessages.passwordsDoNotMatch
  if (password.length < PASSWORD_MIN_LENGTH || scorePassword(password).score < PASSWORD_MIN_SCORE) {
    return recoveryMessages.strongerPassword
  }
  return null
}

export const resetPasswordSchema = z.object({
  reset_token: z.string().check(z.minLength(1), z.maxLength(200, tooLong(200))),
  password: z.string().check(z.maxLength(1024, tooLong(1024))),
  confirm_password: z.string().check(z.maxLength(1024, tooLong(1024))),
})
export type ResetPasswordRequest = z.input<typeof resetPasswordSchema>

/**
 * How codes are delivered: a sandbox channel only records the message; `outbox_url` is where it can
 * be read, null when this server does not show its outbox (it is not on a loopback address).
 */
export const deliverySchema = z.object({
  email: z.object({ sandbox: z.boolean() }),
  sms: z.object({ sandbox: z.boolean() }),
  outbox_url: z.nullable(z.string()),
})
export type Delivery = z.infer<typeof deliverySchema>

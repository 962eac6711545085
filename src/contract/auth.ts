import * as z from 'zod/mini'
import { emailField, optionalText, REQUIRED, requiredText } from './common'
import { messages } from './messages'
import { PASSWORD_MIN_SCORE, scorePassword } from './password'

export const ROLES = ['client', 'staff'] as const
export type Role = (typeof ROLES)[number]

const password = z.string({ error: REQUIRED }).check(z.minLength(1, REQUIRED), z.maxLength(1024))

export const loginRequestSchema = z.object({
  email: emailField(messages.invalidEmail),
  password,
  remember: z._default(z.optional(z.boolean()), true),
})
export type LoginRequest = z.input<typeof loginRequestSchema>

export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,32}$/

export const registerRequestSchema = z
  .object({
    email: emailField(messages.invalidEmail),
    first_name: requiredText(150),
    last_name: requiredText(150),
    password,
    confirm_password: password,
    company_name: optionalText(200),
    phone: z.pipe(
      optionalText(32),
      z.string().check(z.refine((v) => v === '' || PHONE_PATTERN.test(v), 'Enter a valid phone number.')),
    ),
    accept_terms: z.literal(true, { error: messages.agreeTerms }),
    newsletter: z._default(z.optional(z.boolean()), true),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.password !== value.confirm_password) {
        ctx.issues.push({
          code: 'custom',
          path: ['confirm_password'],
          message: messages.passwordsDoNotMatch,
          input: value.confirm_password,
        })
      }
      if (scorePassword(value.password).score < PASSWORD_MIN_SCORE) {
        ctx.issues.push({ code: 'custom', path: ['password'], message: messages.strongerPassword, input: '' })
      }
    }),
  )
export type RegisterRequest = z.input<typeof registerRequestSchema>

/** The signed-in client as login, registration and /accounts/me/ return it. */
export const clientUserSchema = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company_name: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
})
export type ClientUser = z.infer<typeof clientUserSchema>

export const authResponseSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  client: clientUserSchema,
})
export type AuthResponse = z.infer<typeof authResponseSchema>

/** The web client sends no token (its refresh cookie is used); the desktop client sends its stored one. */
export const refreshRequestSchema = z.object({
  refresh: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
})
export const refreshResponseSchema = z.object({ access: z.string(), refresh: z.string() })
export type RefreshResponse = z.infer<typeof refreshResponseSchema>

export const logoutRequestSchema = refreshRequestSchema
export const detailSchema = z.object({ detail: z.string() })

export const accountSchema = z.extend(clientUserSchema, {
  address: z.string(),
  date_joined: z.string(),
})
export type Account = z.infer<typeof accountSchema>

/**
 * Formats a registration failure as the spec reads it: 'Registration failed.' then each field with its
 * errors joined by commas, fields separated by semicolons.
 */
export function formatRegistrationError(body: unknown): string {
  if (!body || typeof body !== 'object') return messages.registrationFailedRetry
  const parts: string[] = []
  for (const [field, value] of Object.entries(body)) {
    if (field === 'detail') continue
    if (Array.isArray(value) && value.length > 0) parts.push(`${field}: ${value.map(String).join(', ')}`)
  }
  if (parts.length === 0) {
    const detail = (body as { detail?: unknown }).detail
    return typeof detail === 'string' && detail ? detail : messages.registrationFailedRetry
  }
  return `${messages.registrationFailed} ${parts.join('; ')}`
}

import * as z from 'zod/mini'
import { emailField, optionalText, REQUIRED, requiredText } from './common'
import { messages } from './messages'
import { meetsPasswordRules, PASSWORD_MAX_LENGTH, passwordMessages } from './password'

export const ROLES = ['client', 'staff'] as const
export type Role = (typeof ROLES)[number]

const password = z
  .string({ error: REQUIRED })
  .check(z.minLength(1, REQUIRED), z.maxLength(PASSWORD_MAX_LENGTH, passwordMessages.tooLong))

/** A new password: the spec's rules (8 characters, 3 of 5 criteria); the common-password check is separate. */
export const newPasswordSchema = z.string({ error: REQUIRED }).check(
  z.minLength(1, REQUIRED),
  z.maxLength(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
  // An empty value already has its 'required' message.
  z.refine((v) => v === '' || meetsPasswordRules(v), messages.strongerPassword),
)

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
    password: newPasswordSchema,
    confirm_password: password,
    company_name: optionalText(200),
    phone: z.pipe(
      optionalText(32),
      z.string().check(z.refine((v) => v === '' || PHONE_PATTERN.test(v), 'Enter a valid phone number.')),
    ),
    accept_terms: z.literal(true, { error: messages.agreeTerms }),
    newsletter: z._default(z.optional(z.boolean()), true),
    /** A friend's referral code (from `/register?ref=CODE`); an unknown code is ignored. */
    referral_code: optionalText(32),
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

/**
 * A new session. `refresh` is in the body only for clients that keep the token themselves (the desktop
 * main process, API users); a browser gets it as an httpOnly cookie that page scripts cannot read.
 */
export const authResponseSchema = z.object({
  access: z.string(),
  refresh: z.optional(z.string()),
  client: clientUserSchema,
})
export type AuthResponse = z.infer<typeof authResponseSchema>

/**
 * The password was right, and a second step is due: a code from the authenticator app ('required'),
 * or, for a staff account without one, setting the app up first ('setup').
 */
export const twoFactorChallengeSchema = z.object({
  two_factor: z.enum(['required', 'setup']),
  challenge: z.string(),
})
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>

export const loginResponseSchema = z.union([authResponseSchema, twoFactorChallengeSchema])
export type LoginResponse = z.infer<typeof loginResponseSchema>

export const TOTP_CODE_PATTERN = /^\d{6}$/
/** Ten groups of 5+5 letters and digits, e.g. 'k7m2p-x9q4r'; typed with or without the dash. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i

export const twoFactorCodeSchema = z.string({ error: REQUIRED }).check(
  z.trim(),
  z.refine((v) => TOTP_CODE_PATTERN.test(v), 'Enter the 6-digit code from your authenticator app.'),
)

/** The second sign-in step: the challenge and either a code from the app or a recovery code. */
export const twoFactorLoginRequestSchema = z
  .object({
    challenge: z.string({ error: REQUIRED }).check(z.minLength(1, REQUIRED), z.maxLength(2000)),
    code: z.optional(twoFactorCodeSchema),
    recovery_code: z.optional(
      z.string().check(
        z.trim(),
        z.refine((v) => RECOVERY_CODE_PATTERN.test(v), 'Enter a recovery code like k7m2p-x9q4r.'),
      ),
    ),
  })
  .check(
    z.refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
      message: 'Enter the code from your authenticator app or one recovery code.',
      path: ['code'],
    }),
  )
export type TwoFactorLoginRequest = z.input<typeof twoFactorLoginRequestSchema>

/** Completes a sign-in; a staff member who set the app up during sign-in also gets the recovery codes. */
export const twoFactorLoginResponseSchema = z.extend(authResponseSchema, {
  recovery_codes: z.optional(z.array(z.string())),
})

/** What an authenticator app needs: the secret as text, its otpauth:// URI, and a QR code of the URI. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_code: z.string(),
})
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>

export const twoFactorSetupRequestSchema = z.object({ challenge: z.string().check(z.maxLength(2000)) })

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Staff must keep two-factor sign-in on. */
  required: z.boolean(),
  recovery_codes_left: z.int(),
})
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>

/** Re-authentication for a sensitive change (ASVS 7.5.1): the current password. */
export const passwordConfirmationSchema = z.object({ password })

export const twoFactorEnableRequestSchema = z.object({ code: twoFactorCodeSchema })
/** Turning two-factor off needs the password and a code from the app or a recovery code. */
export const twoFactorDisableRequestSchema = z.object({
  password,
  code: z.string({ error: REQUIRED }).check(
    z.trim(),
    z.refine(
      (v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v),
      'Enter a code from your authenticator app or a recovery code.',
    ),
  ),
})
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) })

/**
 * A change that ends every other session (password, two-factor settings) answers the recovery codes
 * where there are new ones, and a new access token for this session, whose old one is no longer valid.
 */
export const credentialChangeResponseSchema = z.object({
  detail: z.string(),
  access: z.string(),
  recovery_codes: z.optional(z.array(z.string())),
})

export const passwordChangeRequestSchema = z
  .object({
    current_password: password,
    new_password: newPasswordSchema,
    confirm_password: password,
  })
  .check(
    z.refine((v) => v.new_password === v.confirm_password, {
      message: messages.passwordsDoNotMatch,
      path: ['confirm_password'],
    }),
  )
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>

/** One signed-in device, as the settings page lists it. */
export const sessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip_address: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
})
export type AuthSession = z.infer<typeof sessionSchema>
export const sessionListSchema = z.array(sessionSchema)
export const sessionIdParamSchema = z.object({ id: z.uuid() })

/** The web client sends no token (its refresh cookie is used); the desktop client sends its stored one. */
export const refreshRequestSchema = z.object({
  refresh: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
})
/** `refresh` comes back the way it was sent: in the body for body clients, as a cookie for browsers. */
export const refreshResponseSchema = z.object({ access: z.string(), refresh: z.optional(z.string()) })

export const logoutRequestSchema = refreshRequestSchema
export const detailSchema = z.object({ detail: z.string() })

export const accountSchema = z.extend(clientUserSchema, {
  address: z.string(),
  date_joined: z.string(),
  newsletter: z.boolean(),
  /** Whether the current address was confirmed through its verification link (issue 24). */
  email_verified: z.boolean(),
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

/** `/verify-email?token=` (issue 24): the link sent at registration confirms the address. */
export const VERIFY_EMAIL_PATH = '/verify-email'
export const verifyEmailMessages = {
  verified: 'Your email address is verified.',
  invalidLink: 'This verification link is invalid or has expired. Sign in and ask for a new one.',
  sent: 'We sent a new verification link to your email address.',
  alreadyVerified: 'Your email address is already verified.',
  /** The portal's banner while the address is not verified. */
  notVerified: 'Your email address is not verified.',
  notVerifiedLead: (email: string) =>
    `Open the link we sent to ${email} to confirm it. You can use the portal as usual; referral rewards wait for a confirmed address.`,
  resend: 'Resend verification e-mail',
  resendFailed: 'Failed to send a new verification link. Please try again.',
} as const
export const verifyEmailRequestSchema = z.object({
  token: z.string({ error: 'Invalid input.' }).check(z.minLength(1), z.maxLength(200)),
})
export const verifyEmailResponseSchema = z.object({ detail: z.string(), email: z.string() })
export const verifyEmailPaths = {
  verify: '/api/client/auth/verify-email/',
  resend: '/api/client/auth/verify-email/resend/',
} as const

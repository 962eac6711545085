import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import {
  checkNewPassword,
  ONE_TIME_CODE,
  RESET_TOKEN_TTL_SECONDS,
  recoveryMessages,
  type RecoveryMethod,
  type RequestCodeResponse,
  type VerifyCodeResponse,
} from '@/contract/recovery'
import { personalWordsOf } from '@/contract/password'
import { site } from '@/contract/site'
import type { Mailer } from '../../adapters/mail'
import { toE164, type SmsSender } from '../../adapters/sms'
import type { Database } from '../../db/client'
import type { SessionState } from '../../plugins/session-state'
import { ApiError, badRequest } from '../../lib/errors'
import { hashPassword } from '../../lib/password'
import { hashToken } from '../../lib/tokens'
import { assertPasswordAllowed, revokeAllSessions } from '../auth'
import * as repo from './repository'

export interface RecoveryDeps {
  db: Database
  mailer: Mailer
  sms: SmsSender
  passwordHashCost: number
  /** Forgets cached session checks when a reset ends every session of an account. */
  sessionState: SessionState
  log: FastifyBaseLogger
  /** Runs delivery after the answer is sent, so its duration never tells whether an account exists. */
  background: (task: () => Promise<void>) => void
}

const SECOND = 1000

/** Codes are kept as `salt.HMAC-SHA256(salt, code)`; the code itself is never stored. */
function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}.${createHmac('sha256', salt).update(code).digest('hex')}`
}

function codeMatches(code: string, stored: string | null): boolean {
  if (!stored) return false
  const [salt] = stored.split('.')
  const expected = Buffer.from(stored)
  const given = Buffer.from(hashCode(code, salt))
  return expected.length === given.length && timingSafeEqual(expected, given)
}

const minutes = ONE_TIME_CODE.ttlSeconds / 60

type Account = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>

/** A recovery e-mail to the account's owner: greeting, paragraphs, signature. */
async function mailAccount(
  deps: RecoveryDeps,
  account: Account,
  mail: { subject: string; template: string; paragraphs: string[] },
) {
  await deps.mailer.send({
    to: account.email,
    subject: mail.subject,
    template: mail.template,
    text: [`Hello ${account.firstName},`, ...mail.paragraphs, `The ${site.name} team`].join('\n\n'),
  })
}

/**
 * Sends a new code. The answer, the resend rule and the hourly cap are the same for every address:
 * requests for addresses without an account are recorded too (without a code) and nothing is sent.
 */
export async function requestCode(
  deps: RecoveryDeps,
  input: { email: string; method: RecoveryMethod },
): Promise<RequestCodeResponse> {
  const now = new Date()
  const latest = await repo.latestRequest(deps.db, input.email)
  if (latest) {
    const waited = (now.getTime() - latest.createdAt.getTime()) / SECOND
    if (waited < ONE_TIME_CODE.resendAfterSeconds) {
      throw new ApiError(
        429,
        recoveryMessages.resendTooSoon(Math.ceil(ONE_TIME_CODE.resendAfterSeconds - waited)),
      )
    }
  }
  const recent = await repo.countRequestsSince(deps.db, input.email, new Date(now.getTime() - 3600 * SECOND))
  if (recent >= ONE_TIME_CODE.perHour) throw new ApiError(429, recoveryMessages.tooManyCodes)

  const account = await repo.findAccount(deps.db, input.email)
  const code = account
    ? String(randomInt(0, 10 ** ONE_TIME_CODE.length)).padStart(ONE_TIME_CODE.length, '0')
    : null
  await deps.db.transaction(async (tx) => {
    await repo.supersedeOpenRequests(tx, input.email, now)
    await repo.insertRequest(tx, {
      email: input.email,
      userId: account?.id ?? null,
      method: input.method,
      codeHash: code ? hashCode(code) : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ONE_TIME_CODE.ttlSeconds * SECOND),
    })
  })
  if (account && code) deps.background(() => deliverCode(deps, account, input.method, code))
  return {
    detail: recoveryMessages.codeSent,
    expires_in: ONE_TIME_CODE.ttlSeconds,
    resend_after: ONE_TIME_CODE.resendAfterSeconds,
  }
}

async function deliverCode(
  deps: RecoveryDeps,
  account: Account,
  method: RecoveryMethod,
  code: string,
): Promise<void> {
  const phone = method === 'sms' && account.phone ? toE164(account.phone) : null
  if (phone) {
    await deps.sms.send({
      to: phone,
      template: 'password-reset-code',
      body: `${site.name}: your password reset code is ${code}. It expires in ${minutes} minutes. Never share it.`,
    })
    return
  }
  // No phone number with a country code on the account: the code goes to the address instead.
  const smsNote =
    method === 'sms'
      ? [
          'You asked for a text message, but your account has no mobile number we can reach, so here is your code by e-mail.',
        ]
      : []
  await mailAccount(deps, account, {
    subject: `Your ${site.name} password reset code`,
    template: 'password-reset-code',
    paragraphs: [
      ...smsNote,
      `Your code to reset your ${site.name} password is ${code}. It expires in ${minutes} minutes.`,
      'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
    ],
  })
}

/** Checks a code: three attempts per code, five minutes, once. A right code yields a reset token. */
export async function verifyCode(
  deps: RecoveryDeps,
  input: { email: string; code: string },
): Promise<VerifyCodeResponse & { userId: number }> {
  const now = new Date()
  const active = await repo.activeRequest(deps.db, input.email)
  if (!active || active.verifiedAt || active.expiresAt.getTime() <= now.getTime()) {
    throw badRequest(recoveryMessages.codeExpired)
  }
  const attempts = await repo.countAttempt(deps.db, active.id, ONE_TIME_CODE.maxAttempts)
  if (attempts === undefined) throw new ApiError(429, recoveryMessages.maxAttempts)
  if (codeMatches(input.code, active.codeHash) && active.userId !== null) {
    const resetToken = randomBytes(32).toString('base64url')
    const verified = await repo.markVerified(deps.db, active.id, {
      verifiedAt: now,
      resetTokenHash: hashToken(resetToken),
      resetTokenExpiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * SECOND),
    })
    if (verified) {
      return { reset_token: resetToken, expires_in: RESET_TOKEN_TTL_SECONDS, userId: active.userId }
    }
  }
  const remaining = ONE_TIME_CODE.maxAttempts - attempts
  if (remaining <= 0) throw new ApiError(429, recoveryMessages.maxAttempts)
  throw badRequest(recoveryMessages.invalidCode(remaining))
}

/**
 * Sets the new password with a verified code's token (once), ends every session of the account and
 * confirms by e-mail. Two-factor sign-in, where an account has it, is left as it is.
 */
export async function resetPassword(
  deps: RecoveryDeps,
  input: { reset_token: string; password: string; confirm_password: string },
): Promise<{ detail: string }> {
  const problem = checkNewPassword(input.password, input.confirm_password)
  if (problem) {
    const field = problem === recoveryMessages.passwordsDoNotMatch ? 'confirm_password' : 'password'
    throw badRequest(problem, { [field]: [problem] })
  }
  const row = await repo.findByResetToken(deps.db, hashToken(input.reset_token))
  const now = new Date()
  if (
    !row ||
    row.userId === null ||
    row.usedAt ||
    !row.resetTokenExpiresAt ||
    row.resetTokenExpiresAt <= now
  ) {
    throw badRequest(recoveryMessages.resetTokenInvalid)
  }
  // The same rule as registration and a change (the common list, the person's own name), after the
  // token is known good so the check tells nothing to someone without one.
  const account = await repo.findAccount(deps.db, row.email)
  assertPasswordAllowed(
    input.password,
    personalWordsOf({ email: row.email, first_name: account?.firstName ?? '' }),
    'password',
  )
  const userId = row.userId
  const passwordHash = await hashPassword(input.password, deps.passwordHashCost)
  await deps.db.transaction(async (tx) => {
    if (!(await repo.markUsed(tx, row.id, now))) throw badRequest(recoveryMessages.resetTokenInvalid)
    await repo.setPasswordHash(tx, userId, passwordHash)
    await revokeAllSessions({ db: tx, sessionState: deps.sessionState }, userId, 'password reset')
    await repo.supersedeOpenRequests(tx, row.email, now)
  })
  deps.background(async () => {
    const account = await repo.findAccount(deps.db, row.email)
    if (!account) return
    await mailAccount(deps, account, {
      subject: `Your ${site.name} password was changed`,
      template: 'password-reset-confirmation',
      paragraphs: [
        `The password of your ${site.name} account was just reset with a one-time code, and every device that was signed in has been signed out.`,
        `If this was not you, write to ${site.supportEmail} at once.`,
      ],
    })
  })
  return { detail: 'Your password has been reset. Please sign in with your new password.' }
}

import { randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import {
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
  type TwoFactorLoginRequest,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@/contract/auth'
import { badRequest, conflict, unauthorized } from '../../lib/errors'
import { hashPassword, verifyPassword } from '../../lib/password'
import * as repo from './repository'
import { issueSession, twoFactorRequired, type AuthDeps, type ClientInfo } from './service'
import { claimAttempt, clearFailures, throttleKeys } from './throttle'
import * as store from './two-factor-repository'

const ISSUER = 'Cypher'
export const RECOVERY_CODE_COUNT = 10
// No 0/o, 1/l/i: the codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export const twoFactorMessages = {
  wrongCode: 'That code is not valid. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not valid or was already used.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notStarted: 'Start the two-factor setup again: no authenticator app is being set up.',
  notOn: 'Two-factor sign-in is not on.',
  requiredForStaff: 'Staff accounts must keep two-factor sign-in on.',
  expiredChallenge: 'This sign-in has expired. Please enter your email and password again.',
  setupOnlyWithCode: 'Set up your authenticator app and enter its code.',
} as const

function totpOf(secret: string, label: string) {
  // RFC 6238 defaults that every authenticator app supports: SHA-1, 6 digits, 30-second steps.
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  })
}

/** The 30-second step a code belongs to, allowing one step of clock drift either way; null if wrong. */
function matchingStep(secret: string, label: string, code: string): number | null {
  const totp = totpOf(secret, label)
  const delta = totp.validate({ token: code, window: 1 })
  return delta === null ? null : totp.counter() + delta
}

// Recovery codes are short (about 50 bits), so they are stored with the password hash, salted (ASVS 6.5.2).
const recoveryCost = (deps: AuthDeps) => Math.min(deps.passwordHashCost, 14)
const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '')

async function newRecoveryCodes(deps: AuthDeps, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
  })
  const hashes = await Promise.all(
    codes.map((code) => hashPassword(normaliseRecoveryCode(code), recoveryCost(deps))),
  )
  await store.replaceRecoveryCodes(deps.db, userId, hashes)
  return codes
}

export async function status(deps: AuthDeps, userId: number): Promise<TwoFactorStatus> {
  const row = await repo.findUserById(deps.db, userId)
  const enabled = await store.hasConfirmedTotp(deps.db, userId)
  return {
    enabled,
    required: row ? twoFactorRequired(deps, row.user) : false,
    recovery_codes_left: enabled ? await store.countUnusedRecoveryCodes(deps.db, userId) : 0,
  }
}

/** A fresh secret for the authenticator app, with its otpauth:// URI and a QR code (SVG data URI). */
export async function beginSetup(deps: AuthDeps, userId: number): Promise<TwoFactorSetup> {
  const row = await repo.findUserById(deps.db, userId)
  if (!row) throw unauthorized()
  if (await store.hasConfirmedTotp(deps.db, userId)) throw conflict(twoFactorMessages.alreadyOn)
  const secret = new Secret({ size: 20 }).base32
  await store.savePendingTotp(deps.db, userId, secret)
  const uri = totpOf(secret, row.user.email).toString()
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return {
    secret,
    otpauth_uri: uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  }
}

/** Turns two-factor on with the first code from the app; answers the ten recovery codes (shown once). */
export async function confirmSetup(deps: AuthDeps, userId: number, code: string): Promise<string[]> {
  const key = throttleKeys.code(userId)
  const failures = await claimAttempt(deps.db, key, deps.log, userId)
  const pending = await store.findTotp(deps.db, userId)
  const row = await repo.findUserById(deps.db, userId)
  if (!pending || !row) throw badRequest(twoFactorMessages.notStarted)
  if (pending.confirmedAt) throw conflict(twoFactorMessages.alreadyOn)
  const step = matchingStep(pending.secret, row.user.email, code)
  if (step === null) {
    failedCode(deps, userId, failures)
    throw badRequest(twoFactorMessages.wrongCode, { code: [twoFactorMessages.wrongCode] })
  }
  await clearFailures(deps.db, key)
  await store.confirmTotp(deps.db, userId, step)
  deps.log.info({ event: 'auth.two_factor_enabled', userId }, 'two-factor sign-in enabled')
  return newRecoveryCodes(deps, userId)
}

/** The failure was counted when the attempt was claimed; this only logs it. */
function failedCode(deps: AuthDeps, userId: number, failures: number) {
  deps.log.warn({ event: 'auth.code_failed', userId, failures }, 'second factor refused')
}

/**
 * Checks a code from the app (each code works once) or an unused recovery code (then used up).
 * Failures are throttled per account like passwords.
 */
export async function verifySecondFactor(
  deps: AuthDeps,
  userId: number,
  proof: { code?: string | undefined; recovery_code?: string | undefined },
): Promise<boolean> {
  const key = throttleKeys.code(userId)
  const failures = await claimAttempt(deps.db, key, deps.log, userId)
  const totp = await store.findTotp(deps.db, userId)
  const row = await repo.findUserById(deps.db, userId)
  let ok = false
  if (totp?.confirmedAt && row && proof.code) {
    const step = matchingStep(totp.secret, row.user.email, proof.code)
    ok = step !== null && (await store.useStep(deps.db, userId, step))
  } else if (totp?.confirmedAt && proof.recovery_code) {
    const typed = normaliseRecoveryCode(proof.recovery_code)
    for (const candidate of await store.unusedRecoveryCodes(deps.db, userId)) {
      if (await verifyPassword(typed, candidate.codeHash)) {
        ok = await store.useRecoveryCode(deps.db, candidate.id)
        if (ok) deps.log.info({ event: 'auth.recovery_code_used', userId }, 'recovery code used')
        break
      }
    }
  }
  if (!ok) {
    failedCode(deps, userId, failures)
    return false
  }
  await clearFailures(deps.db, key)
  return true
}

/** Reads one field that holds either an app code or a recovery code. */
export function proofOf(code: string): { code?: string; recovery_code?: string } {
  const trimmed = code.trim()
  if (TOTP_CODE_PATTERN.test(trimmed)) return { code: trimmed }
  if (RECOVERY_CODE_PATTERN.test(trimmed)) return { recovery_code: trimmed }
  return {}
}

/** The second sign-in step: the challenge from the password step and a code; answers the session. */
export async function completeLogin(deps: AuthDeps, input: TwoFactorLoginRequest, client: ClientInfo) {
  const claims = await deps.tokens.verifyChallenge(input.challenge)
  if (!claims) throw unauthorized(twoFactorMessages.expiredChallenge)
  if (claims.purpose === 'setup') {
    if (!input.code)
      throw badRequest(twoFactorMessages.setupOnlyWithCode, { code: [twoFactorMessages.setupOnlyWithCode] })
    const recoveryCodes = await confirmSetup(deps, claims.userId, input.code)
    const session = await issueSession(deps, claims.userId, claims.remember, client)
    return { ...session, recovery_codes: recoveryCodes }
  }
  if (!(await verifySecondFactor(deps, claims.userId, input))) {
    const message = input.code ? twoFactorMessages.wrongCode : twoFactorMessages.wrongRecoveryCode
    throw badRequest(message, { [input.code ? 'code' : 'recovery_code']: [message] })
  }
  const session = await issueSession(deps, claims.userId, claims.remember, client)
  return { ...session, recovery_codes: undefined }
}

/** Setting up the app during sign-in (staff without it): needs a 'setup' challenge. */
export async function beginLoginSetup(deps: AuthDeps, challenge: string): Promise<TwoFactorSetup> {
  const claims = await deps.tokens.verifyChallenge(challenge)
  if (!claims || claims.purpose !== 'setup') throw unauthorized(twoFactorMessages.expiredChallenge)
  return beginSetup(deps, claims.userId)
}

export async function disable(deps: AuthDeps, userId: number) {
  const row = await repo.findUserById(deps.db, userId)
  if (!row || !(await store.hasConfirmedTotp(deps.db, userId))) throw badRequest(twoFactorMessages.notOn)
  if (twoFactorRequired(deps, row.user)) throw badRequest(twoFactorMessages.requiredForStaff)
  await store.deleteTwoFactor(deps.db, userId)
  deps.log.info({ event: 'auth.two_factor_disabled', userId }, 'two-factor sign-in disabled')
}

export async function regenerateRecoveryCodes(deps: AuthDeps, userId: number): Promise<string[]> {
  if (!(await store.hasConfirmedTotp(deps.db, userId))) throw badRequest(twoFactorMessages.notOn)
  return newRecoveryCodes(deps, userId)
}

import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { AuthResponse, ClientUser, TwoFactorChallenge } from '@/contract/auth'
import { personalWordsOf } from '@/contract/password'
import type { Mailer } from '../../adapters/mail'
import type { Database, Executor } from '../../db/client'
import { DEMO_STAFF } from '../../lib/demo-accounts'
import { badRequest, unauthorized } from '../../lib/errors'
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password'
import {
  hashToken,
  newRefreshToken,
  sealWithToken,
  unsealWithToken,
  type AccessTokens,
} from '../../lib/tokens'
import type { SessionState } from '../../plugins/session-state'
import { newVerificationLink, verificationParagraph } from './email-verification'
import { assertPasswordAllowed } from './passwords'
import * as repo from './repository'
import { claimAttempt, clearFailures, throttleKeys } from './throttle'
import type { TrustedDevice } from './trusted-devices'
import { hasConfirmedTotp } from './two-factor-repository'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/**
 * A session ends at its absolute lifetime whatever happens (rotation does not extend it), or earlier
 * after its idle time without a refresh: 30 days / 7 idle days with "remember me", else 1 day / 2 hours.
 */
export const SESSION_LIFETIME = {
  remember: { absoluteMs: 30 * DAY, idleMs: 7 * DAY },
  session: { absoluteMs: DAY, idleMs: 2 * HOUR },
} as const
const lifetimeOf = (remember: boolean) => (remember ? SESSION_LIFETIME.remember : SESSION_LIFETIME.session)

export const DUPLICATE_EMAIL = 'A user with this email already exists.'
export const INVALID_CREDENTIALS = 'No active account found with the given credentials'
const INVALID_REFRESH = 'Token is invalid or expired'

export interface AuthDeps {
  db: Database
  tokens: AccessTokens
  sessionState: SessionState
  mailer: Mailer
  passwordHashCost: number
  /** The request's logger: every line carries the request id. */
  log: FastifyBaseLogger
  /** Demo mode on a loopback address: the demo staff account may sign in without two-factor. */
  demoActive: boolean
  /** Run in the registration's transaction for each new client (referrals attribute the sign-up). */
  onRegistered?: readonly RegistrationListener[]
  /** Where links in e-mails point (the welcome e-mail's verification link). */
  publicUrl?: string
}

/** Hears of each new client account inside the transaction that creates it. */
export type RegistrationListener = (
  tx: Executor,
  user: { id: number; email: string; referralCode: string | null },
) => Promise<void>

/** Where a session was opened from, as the sessions list shows it. */
export interface ClientInfo {
  ipAddress: string
  userAgent: string
}

export interface IssuedSession extends AuthResponse {
  refresh: string
  remember: boolean
  sessionId: string
}

export function toClientUser(row: NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>): ClientUser {
  return {
    id: row.user.id,
    first_name: row.user.firstName,
    last_name: row.user.lastName,
    email: row.user.email,
    company_name: row.client?.companyName ?? '',
    phone: row.client?.phone ?? '',
    role: row.user.role,
  }
}

/** Starts a session (a refresh-token family) for a user who has just proven who they are. */
export async function issueSession(
  deps: AuthDeps,
  userId: number,
  remember: boolean,
  client: ClientInfo,
): Promise<IssuedSession> {
  const row = await repo.findUserById(deps.db, userId)
  if (!row || !row.user.isActive) throw unauthorized(INVALID_CREDENTIALS)
  const sessionId = randomUUID()
  const now = Date.now()
  const lifetime = lifetimeOf(remember)
  const refresh = newRefreshToken()
  await deps.db.transaction(async (tx) => {
    await repo.insertSession(tx, {
      id: sessionId,
      userId,
      remember,
      userAgent: client.userAgent.slice(0, 400),
      ipAddress: client.ipAddress,
      // The start and the end from one clock: the absolute lifetime is exact (the database's clock may differ).
      createdAt: new Date(now),
      expiresAt: new Date(now + lifetime.absoluteMs),
    })
    await repo.insertRefreshToken(tx, {
      userId,
      familyId: sessionId,
      tokenHash: hashToken(refresh),
      remember,
      expiresAt: new Date(now + Math.min(lifetime.idleMs, lifetime.absoluteMs)),
    })
  })
  await repo.touchLastLogin(deps.db, userId)
  const access = await deps.tokens.sign({ userId, role: row.user.role, sessionId })
  return { access, refresh, client: toClientUser(row), remember, sessionId }
}

export interface RegisterInput {
  email: string
  first_name: string
  last_name: string
  password: string
  company_name: string
  phone: string
  newsletter: boolean
  referral_code?: string
}

export async function register(deps: AuthDeps, input: RegisterInput, client: ClientInfo) {
  assertPasswordAllowed(input.password, personalWordsOf(input), 'password')
  if (await repo.findUserByEmail(deps.db, input.email)) {
    throw badRequest('Invalid input.', { email: [DUPLICATE_EMAIL] })
  }
  const passwordHash = await hashPassword(input.password, deps.passwordHashCost)
  let userId: number
  try {
    userId = await deps.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        role: 'client',
      })
      await repo.insertClient(tx, {
        userId: user.id,
        companyName: input.company_name,
        phone: input.phone,
        newsletter: input.newsletter,
      })
      for (const listener of deps.onRegistered ?? []) {
        await listener(tx, { id: user.id, email: input.email, referralCode: input.referral_code || null })
      }
      return user.id
    })
  } catch (error) {
    // Two registrations racing for one address: the unique index decides, the loser gets the field error.
    if (isUniqueViolation(error)) throw badRequest('Invalid input.', { email: [DUPLICATE_EMAIL] })
    throw error
  }
  const verification = deps.publicUrl
    ? `\n\n${verificationParagraph(await newVerificationLink(deps.db, deps.publicUrl, { id: userId, email: input.email }))}`
    : ''
  await deps.mailer.send({
    to: input.email,
    subject: 'Welcome to Cypher',
    template: 'welcome',
    text: `Hello ${input.first_name},\n\nYour client portal account is ready. Sign in any time to follow your projects, tickets and apps.${verification}\n\nThe Cypher team`,
  })
  return issueSession(deps, userId, true, client)
}

// Verifying against a real hash when the e-mail is unknown keeps the timing the same for both cases.
let decoyHash: Promise<string> | undefined

/** Checks a user's password in constant time whether or not the account exists. */
export async function passwordMatches(deps: AuthDeps, stored: string | undefined, password: string) {
  if (stored === undefined) {
    decoyHash ??= hashPassword('decoy-password', deps.passwordHashCost)
    await verifyPassword(password, await decoyHash)
    return false
  }
  return verifyPassword(password, stored)
}

/** Staff sign in with two factors; the demo staff account is exempt only in demo mode on loopback. */
export function twoFactorRequired(deps: Pick<AuthDeps, 'demoActive'>, user: repo.UserRow): boolean {
  if (user.role !== 'staff') return false
  return !(deps.demoActive && user.email.toLowerCase() === DEMO_STAFF.email)
}

/**
 * The first sign-in step. Answers a session, or a challenge when a second factor is due. Each guess is
 * claimed before the check (parallel guesses count one by one): per account from anywhere, or per device
 * from the owner's trusted device, so others' wrong guesses never block the owner there. A success
 * clears both counts.
 */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; remember: boolean },
  client: ClientInfo,
  device: TrustedDevice | null = null,
): Promise<IssuedSession | TwoFactorChallenge> {
  const accountKey = throttleKeys.login(input.email)
  const row = await repo.findUserByEmail(deps.db, input.email)
  const user = row?.user.isActive ? row.user : undefined
  const trusted = device !== null && user !== undefined && device.userId === user.id
  const key = trusted ? throttleKeys.device(device.deviceId) : accountKey
  const failures = await claimAttempt(deps.db, key, deps.log, user?.id)
  if (!(await passwordMatches(deps, user?.passwordHash, input.password)) || !user) {
    deps.log.warn(
      { event: 'auth.login_failed', userId: user?.id ?? null, failures, trustedDevice: trusted },
      'sign-in failed',
    )
    throw unauthorized(INVALID_CREDENTIALS)
  }
  await clearFailures(deps.db, accountKey)
  if (trusted) await clearFailures(deps.db, key)
  if (needsRehash(user.passwordHash, deps.passwordHashCost)) {
    await repo.setPasswordHash(deps.db, user.id, await hashPassword(input.password, deps.passwordHashCost))
  }
  if (await hasConfirmedTotp(deps.db, user.id)) {
    const challenge = await deps.tokens.signChallenge({
      userId: user.id,
      purpose: 'verify',
      remember: input.remember,
    })
    return { two_factor: 'required', challenge }
  }
  if (twoFactorRequired(deps, user)) {
    const challenge = await deps.tokens.signChallenge({
      userId: user.id,
      purpose: 'setup',
      remember: input.remember,
    })
    return { two_factor: 'setup', challenge }
  }
  return issueSession(deps, user.id, input.remember, client)
}

/**
 * How long after its rotation a refresh token may be presented again without ending the session: the
 * answer to a refresh can be lost (a navigation or reload mid-request, a dropped connection, the desktop
 * app quitting), and the client then retries with the token it still holds. Okta's default grace period.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000

type Successor = { token: string; expiresAt: Date }
type ReuseReason = 'after grace window' | 'successor already used'

/**
 * Rotates a refresh token within its session. A token that was already rotated is being replayed: the
 * whole session is revoked, so whoever holds any token of it (the thief or the owner) must sign in again.
 * One exception, the reuse grace window: the token rotated last, presented again within
 * REFRESH_REUSE_GRACE_MS while its successor is still unused, is answered with that same successor (and a
 * new access token). The family never branches: a retry, or a second request racing the first, gets the
 * one live token, and any later use of an older token still revokes the session.
 */
export async function refresh(deps: AuthDeps, token: string, client: ClientInfo) {
  const stored = await repo.findRefreshToken(deps.db, hashToken(token))
  const now = Date.now()
  if (!stored || stored.revokedAt || stored.expiresAt.getTime() <= now) throw unauthorized(INVALID_REFRESH)
  const session = await repo.findSession(deps.db, stored.familyId)
  if (!session || session.revokedAt || session.expiresAt.getTime() <= now) {
    throw unauthorized(INVALID_REFRESH)
  }
  const row = await repo.findUserById(deps.db, stored.userId)
  if (!row || !row.user.isActive) {
    await repo.revokeSession(deps.db, session.id, 'account inactive')
    throw unauthorized(INVALID_REFRESH)
  }
  // A request that loses the race to rotate this token reads the winner's successor like a retry does.
  const successor = (!stored.rotatedAt && (await rotate(deps, stored, session, token, now))) || null
  const answer = successor ?? (await successorWithinGrace(deps, token, now))
  if (answer === 'revoked') throw unauthorized(INVALID_REFRESH)
  if ('reason' in answer) {
    deps.log.warn(
      { event: 'auth.refresh_reuse', userId: stored.userId, sessionId: session.id, reason: answer.reason },
      'refresh token reuse; session revoked',
    )
    await repo.revokeSession(deps.db, session.id, 'refresh token reuse')
    deps.sessionState.forgetUser(stored.userId)
    throw unauthorized(INVALID_REFRESH)
  }
  if (!successor) {
    deps.log.info(
      { event: 'auth.refresh_grace', userId: stored.userId, sessionId: session.id },
      'rotated refresh token presented again within the grace window; same successor answered',
    )
  }
  await repo.touchSession(deps.db, session.id, { ipAddress: client.ipAddress, userAgent: client.userAgent })
  const access = await deps.tokens.sign({ userId: row.user.id, role: row.user.role, sessionId: session.id })
  return { access, refresh: answer.token, remember: session.remember, expiresAt: answer.expiresAt }
}

/** Rotates `stored` into a new token; null when a concurrent request rotated (or revoked) it first. */
async function rotate(
  deps: AuthDeps,
  stored: NonNullable<Awaited<ReturnType<typeof repo.findRefreshToken>>>,
  session: repo.SessionRow,
  token: string,
  now: number,
): Promise<Successor | null> {
  const next = newRefreshToken()
  const lifetime = lifetimeOf(session.remember)
  // The idle window moves with each use; the session's absolute end never does.
  const expiresAt = new Date(Math.min(now + lifetime.idleMs, session.expiresAt.getTime()))
  return deps.db.transaction(async (tx) => {
    const won = await repo.markRotated(tx, stored.id, {
      rotatedAt: new Date(now),
      successorSealed: sealWithToken(token, next),
    })
    if (!won) return null
    await repo.insertRefreshToken(tx, {
      userId: stored.userId,
      familyId: session.id,
      tokenHash: hashToken(next),
      remember: session.remember,
      expiresAt,
    })
    return { token: next, expiresAt }
  })
}

/**
 * The successor of a rotated token presented again: answered only within the grace window and while
 * the successor is the family's live token (unused, not revoked). Read afresh, after any concurrent
 * rotation of the same token has committed.
 */
async function successorWithinGrace(
  deps: AuthDeps,
  token: string,
  now: number,
): Promise<Successor | 'revoked' | { reason: ReuseReason }> {
  const stored = await repo.findRefreshToken(deps.db, hashToken(token))
  if (!stored || stored.revokedAt) return 'revoked'
  const rotatedAt = stored.rotatedAt?.getTime() ?? 0
  if (now - rotatedAt > REFRESH_REUSE_GRACE_MS || !stored.successorSealed) {
    return { reason: 'after grace window' }
  }
  const next = unsealWithToken(token, stored.successorSealed)
  const successor = next ? await repo.findRefreshToken(deps.db, hashToken(next)) : undefined
  if (
    !next ||
    !successor ||
    successor.familyId !== stored.familyId ||
    successor.rotatedAt ||
    successor.revokedAt ||
    successor.expiresAt.getTime() <= now
  ) {
    return { reason: 'successor already used' }
  }
  return { token: next, expiresAt: successor.expiresAt }
}

/** Ends the session the token belongs to; unknown or already-ended tokens are fine (logout is idempotent). */
export async function logout(deps: AuthDeps, token: string | undefined): Promise<void> {
  if (!token) return
  const stored = await repo.findRefreshToken(deps.db, hashToken(token))
  if (!stored) return
  await repo.revokeSession(deps.db, stored.familyId, 'logout')
  deps.sessionState.forgetUser(stored.userId)
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

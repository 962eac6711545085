import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { AuthResponse, ClientUser, RefreshResponse } from '@/contract/auth'
import type { Mailer } from '../../adapters/mail'
import type { Database, Executor } from '../../db/client'
import { badRequest, unauthorized } from '../../lib/errors'
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password'
import { hashToken, newRefreshToken, type AccessTokens } from '../../lib/tokens'
import * as repo from './repository'

const DAY = 24 * 60 * 60 * 1000
/** "Remember me" keeps a session for 30 days of inactivity; otherwise for one day. */
export const REFRESH_TTL = { remember: 30 * DAY, session: DAY }

export const DUPLICATE_EMAIL = 'A user with this email already exists.'
const INVALID_CREDENTIALS = 'No active account found with the given credentials'
const INVALID_REFRESH = 'Token is invalid or expired'

export interface AuthDeps {
  db: Database
  tokens: AccessTokens
  mailer: Mailer
  passwordHashCost: number
  log: FastifyBaseLogger
}

export interface IssuedSession extends AuthResponse {
  remember: boolean
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

async function startFamily(db: Executor, userId: number, remember: boolean): Promise<string> {
  const refresh = newRefreshToken()
  await repo.insertRefreshToken(db, {
    userId,
    familyId: randomUUID(),
    tokenHash: hashToken(refresh),
    remember,
    expiresAt: new Date(Date.now() + (remember ? REFRESH_TTL.remember : REFRESH_TTL.session)),
  })
  return refresh
}

export interface RegisterInput {
  email: string
  first_name: string
  last_name: string
  password: string
  company_name: string
  phone: string
  newsletter: boolean
}

export async function register(deps: AuthDeps, input: RegisterInput): Promise<IssuedSession> {
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
      return user.id
    })
  } catch (error) {
    // Two registrations racing for one address: the unique index decides, the loser gets the field error.
    if (isUniqueViolation(error)) throw badRequest('Invalid input.', { email: [DUPLICATE_EMAIL] })
    throw error
  }
  await deps.mailer.send({
    to: input.email,
    subject: 'Welcome to Cypher',
    template: 'welcome',
    text: `Hello ${input.first_name},\n\nYour client portal account is ready. Sign in any time to follow your projects, tickets and apps.\n\nThe Cypher team`,
  })
  return issueSession(deps, userId, true)
}

async function issueSession(deps: AuthDeps, userId: number, remember: boolean): Promise<IssuedSession> {
  const row = await repo.findUserById(deps.db, userId)
  if (!row) throw unauthorized(INVALID_CREDENTIALS)
  const refresh = await startFamily(deps.db, userId, remember)
  const access = await deps.tokens.sign({ userId, role: row.user.role })
  return { access, refresh, client: toClientUser(row), remember }
}

// Verifying against a real hash when the e-mail is unknown keeps the timing the same for both cases.
let decoyHash: Promise<string> | undefined

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; remember: boolean },
): Promise<IssuedSession> {
  const row = await repo.findUserByEmail(deps.db, input.email)
  if (!row || !row.user.isActive) {
    decoyHash ??= hashPassword('decoy-password', deps.passwordHashCost)
    await verifyPassword(input.password, await decoyHash)
    throw unauthorized(INVALID_CREDENTIALS)
  }
  if (!(await verifyPassword(input.password, row.user.passwordHash))) throw unauthorized(INVALID_CREDENTIALS)
  if (needsRehash(row.user.passwordHash, deps.passwordHashCost)) {
    await repo.setPasswordHash(
      deps.db,
      row.user.id,
      await hashPassword(input.password, deps.passwordHashCost),
    )
  }
  await repo.touchLastLogin(deps.db, row.user.id)
  return issueSession(deps, row.user.id, input.remember)
}

/**
 * Rotates a refresh token. A token that was already rotated is being replayed: the whole family is
 * revoked, so whoever holds any token of it (the thief or the owner) must sign in again.
 */
export async function refresh(
  deps: AuthDeps,
  token: string,
): Promise<RefreshResponse & { remember: boolean; expiresAt: Date }> {
  const stored = await repo.findRefreshToken(deps.db, hashToken(token))
  if (!stored || stored.revokedAt || stored.expiresAt.getTime() <= Date.now()) {
    throw unauthorized(INVALID_REFRESH)
  }
  if (stored.rotatedAt || !(await repo.markRotated(deps.db, stored.id))) {
    deps.log.warn({ userId: stored.userId, familyId: stored.familyId }, 'refresh token reuse; family revoked')
    await repo.revokeFamily(deps.db, stored.familyId)
    throw unauthorized(INVALID_REFRESH)
  }
  const row = await repo.findUserById(deps.db, stored.userId)
  if (!row || !row.user.isActive) {
    await repo.revokeFamily(deps.db, stored.familyId)
    throw unauthorized(INVALID_REFRESH)
  }
  const next = newRefreshToken()
  const expiresAt = new Date(Date.now() + (stored.remember ? REFRESH_TTL.remember : REFRESH_TTL.session))
  await repo.insertRefreshToken(deps.db, {
    userId: stored.userId,
    familyId: stored.familyId,
    tokenHash: hashToken(next),
    remember: stored.remember,
    expiresAt,
  })
  const access = await deps.tokens.sign({ userId: row.user.id, role: row.user.role })
  return { access, refresh: next, remember: stored.remember, expiresAt }
}

/** Ends the session the token belongs to; unknown or already-ended tokens are fine (logout is idempotent). */
export async function logout(deps: AuthDeps, token: string | undefined): Promise<void> {
  if (!token) return
  const stored = await repo.findRefreshToken(deps.db, hashToken(token))
  if (stored) await repo.revokeFamily(deps.db, stored.familyId)
}

/**
 * Ends every session of a user at once (password reset, and later password change and "sign out
 * everywhere"): every refresh-token family is revoked, so no device can refresh again.
 */
export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await repo.revokeAllForUser(db, userId)
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

import type { AuthSession, PasswordChangeRequest } from '@/contract/auth'
import { personalWordsOf } from '@/contract/password'
import type { Executor } from '../../db/client'
import { badRequest, notFound } from '../../lib/errors'
import { hashPassword, verifyPassword } from '../../lib/password'
import type { Caller } from '../../plugins/auth'
import type { SessionState } from '../../plugins/session-state'
import { describeDevice } from './device'
import { assertPasswordAllowed } from './passwords'
import * as repo from './repository'
import type { AuthDeps } from './service'
import { claimAttempt, clearFailures, throttleKeys } from './throttle'

export const sessionMessages = {
  wrongPassword: 'Your current password is not correct.',
  passwordChanged: 'Your password was changed. Every other session was signed out.',
  sessionEnded: 'The session was signed out.',
  signedOutEverywhere: 'You were signed out everywhere.',
} as const

/**
 * Ends every session of a user at once: their refresh tokens stop working and access tokens issued
 * before now are refused on the next request. For password reset, deactivation and "sign out
 * everywhere". Pass a transaction as `db` to make it part of a larger change.
 */
export async function revokeAllSessions(
  deps: { db: Executor; sessionState: SessionState },
  userId: number,
  reason: string,
): Promise<void> {
  await repo.setTokensValidAfter(deps.db, userId, new Date())
  await repo.revokeSessionsOfUser(deps.db, userId, reason)
  deps.sessionState.forgetUser(userId)
}

/**
 * Ends every session but the caller's (after a credential change, ASVS 7.4.3) and answers a new
 * access token for the caller's session, since its old one predates the revocation.
 */
export async function endOtherSessions(deps: AuthDeps, caller: Caller, reason: string): Promise<string> {
  await deps.db.transaction(async (tx) => {
    await repo.setTokensValidAfter(tx, caller.userId, new Date())
    await repo.revokeSessionsOfUser(tx, caller.userId, reason, caller.sessionId)
  })
  deps.sessionState.forgetUser(caller.userId)
  return deps.tokens.sign({ userId: caller.userId, role: caller.role, sessionId: caller.sessionId })
}

/**
 * Re-authentication for a sensitive change (ASVS 7.5.1): the current password, throttled per account
 * like sign-in. A wrong one is a field error on `field`.
 */
export async function confirmPassword(deps: AuthDeps, userId: number, password: string, field = 'password') {
  const key = throttleKeys.code(userId)
  const failures = await claimAttempt(deps.db, key, deps.log, userId)
  const row = await repo.findUserById(deps.db, userId)
  if (!row || !(await verifyPassword(password, row.user.passwordHash))) {
    deps.log.warn({ event: 'auth.reauth_failed', userId, failures }, 'password confirmation failed')
    throw badRequest(sessionMessages.wrongPassword, { [field]: [sessionMessages.wrongPassword] })
  }
  await clearFailures(deps.db, key)
  return row
}

export async function changePassword(deps: AuthDeps, caller: Caller, input: PasswordChangeRequest) {
  const row = await confirmPassword(deps, caller.userId, input.current_password, 'current_password')
  assertPasswordAllowed(
    input.new_password,
    personalWordsOf({ email: row.user.email, first_name: row.user.firstName, last_name: row.user.lastName }),
    'new_password',
  )
  await repo.setPasswordHash(
    deps.db,
    caller.userId,
    await hashPassword(input.new_password, deps.passwordHashCost),
  )
  const access = await endOtherSessions(deps, caller, 'password changed')
  deps.log.info({ event: 'auth.password_changed', userId: caller.userId }, 'password changed')
  await deps.mailer.send({
    to: row.user.email,
    subject: 'Your Cypher password was changed',
    template: 'password-changed',
    text: `Hello ${row.user.firstName},\n\nThe password of your Cypher account was just changed, and every other signed-in device was signed out.\n\nIf this was not you, reset your password at once and write to our support team.\n\nThe Cypher team`,
  })
  return { detail: sessionMessages.passwordChanged, access }
}

export async function listSessions(deps: AuthDeps, caller: Caller): Promise<AuthSession[]> {
  const rows = await repo.listOpenSessions(deps.db, caller.userId)
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ip_address: row.ipAddress,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    current: row.id === caller.sessionId,
  }))
}

/** Signs one of the caller's sessions out (another user's session id is a 404). */
export async function revokeOneSession(deps: AuthDeps, caller: Caller, sessionId: string, password: string) {
  await confirmPassword(deps, caller.userId, password)
  const session = await repo.findSession(deps.db, sessionId)
  if (!session || session.userId !== caller.userId || session.revokedAt) throw notFound()
  await repo.revokeSession(deps.db, sessionId, 'signed out from settings')
  deps.sessionState.forgetUser(caller.userId)
  return { detail: sessionMessages.sessionEnded }
}

export async function signOutEverywhere(deps: AuthDeps, caller: Caller, password: string) {
  await confirmPassword(deps, caller.userId, password)
  await revokeAllSessions(deps, caller.userId, 'signed out everywhere')
  deps.log.info({ event: 'auth.signed_out_everywhere', userId: caller.userId }, 'signed out everywhere')
  return { detail: sessionMessages.signedOutEverywhere }
}

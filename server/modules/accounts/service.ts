import type { Account } from '@/contract/auth'
import { accountMessages, type ProfileUpdate } from '@/contract/accounts'
import { badRequest, notFound } from '../../lib/errors'
import { hashToken, newRefreshToken } from '../../lib/tokens'
import { confirmPassword, findUserById, isUniqueViolation, toClientUser, type AuthDeps } from '../auth'
import * as repo from './repository'

/** How long the confirmation link sent to a new e-mail address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000

export interface AccountDeps extends AuthDeps {
  publicUrl: string
}

export async function getAccount(deps: Pick<AuthDeps, 'db'>, userId: number): Promise<Account> {
  const row = await findUserById(deps.db, userId)
  if (!row) throw notFound()
  return {
    ...toClientUser(row),
    address: row.client?.address ?? '',
    date_joined: row.user.createdAt.toISOString(),
    newsletter: row.client?.newsletter ?? false,
    email_verified: row.user.emailVerifiedAt !== null,
  }
}

/**
 * Saves the profile. A new phone number needs the current password (it can be used for recovery).
 * Staff have no company profile: only their names are kept.
 */
export async function updateProfile(
  deps: AccountDeps,
  userId: number,
  input: ProfileUpdate & { phone: string },
) {
  const row = await findUserById(deps.db, userId)
  if (!row) throw notFound()
  const phoneChanged = row.client !== null && input.phone !== row.client.phone
  if (phoneChanged) {
    if (!input.current_password) {
      throw badRequest(accountMessages.phoneNeedsPassword, {
        current_password: [accountMessages.phoneNeedsPassword],
      })
    }
    await confirmPassword(deps, userId, input.current_password, 'current_password')
  }
  await deps.db.transaction(async (tx) => {
    await repo.updateNames(tx, userId, { firstName: input.first_name, lastName: input.last_name })
    if (row.client) {
      await repo.updateClientProfile(tx, userId, {
        companyName: input.company_name ?? '',
        phone: input.phone,
        newsletter: input.newsletter,
      })
    }
  })
  return getAccount(deps, userId)
}

/** Sends a confirmation link to the new address; the e-mail changes only when it is opened. */
export async function requestEmailChange(
  deps: AccountDeps,
  userId: number,
  input: { new_email: string; password: string },
) {
  const row = await confirmPassword(deps, userId, input.password)
  const email = input.new_email
  if (email === row.user.email.toLowerCase()) {
    throw badRequest(accountMessages.sameEmail, { new_email: [accountMessages.sameEmail] })
  }
  if (await repo.emailInUse(deps.db, email, userId)) {
    throw badRequest(accountMessages.emailTaken, { new_email: [accountMessages.emailTaken] })
  }
  const token = newRefreshToken()
  await repo.closeEmailChanges(deps.db, userId)
  await repo.insertEmailChange(deps.db, {
    userId,
    newEmail: email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
  })
  const link = `${deps.publicUrl}/confirm-email?token=${token}`
  await deps.mailer.send({
    to: email,
    subject: 'Confirm your new Cypher email address',
    template: 'email-change',
    text: `Hello ${row.user.firstName},\n\nTo use this address for your Cypher account, open this link within 24 hours while signed in:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail: nothing changes.\n\nThe Cypher team`,
  })
  deps.log.info({ event: 'account.email_change_requested', userId }, 'e-mail change requested')
  return { detail: accountMessages.emailChangeSent(email) }
}

/** Applies a change whose link the signed-in owner opened; tells the old address about it. */
export async function confirmEmailChange(deps: AccountDeps, userId: number, token: string) {
  const change = await repo.findOpenEmailChange(deps.db, hashToken(token))
  if (!change || change.userId !== userId) throw badRequest(accountMessages.invalidEmailLink)
  const row = await findUserById(deps.db, userId)
  if (!row) throw notFound()
  if (await repo.emailInUse(deps.db, change.newEmail, userId)) {
    throw badRequest(accountMessages.emailTaken, { new_email: [accountMessages.emailTaken] })
  }
  try {
    await deps.db.transaction(async (tx) => {
      await repo.setEmail(tx, userId, change.newEmail)
      await repo.closeEmailChanges(tx, userId)
    })
  } catch (error) {
    if (isUniqueViolation(error))
      throw badRequest(accountMessages.emailTaken, { new_email: [accountMessages.emailTaken] })
    throw error
  }
  deps.log.info({ event: 'account.email_changed', userId }, 'e-mail changed')
  await deps.mailer.send({
    to: row.user.email,
    subject: 'Your Cypher email address was changed',
    template: 'email-changed',
    text: `Hello ${row.user.firstName},\n\nYour Cypher account now uses ${change.newEmail} to sign in. If this was not you, write to our support team at once.\n\nThe Cypher team`,
  })
  return getAccount(deps, userId)
}

import { VERIFY_EMAIL_PATH, verifyEmailMessages } from '@/contract/auth'
import type { Mailer } from '../../adapters/mail'
import type { Database, Executor } from '../../db/client'
import { badRequest, notFound } from '../../lib/errors'
import { hashToken, newRefreshToken } from '../../lib/tokens'
import {
  emailVerifiedAt,
  findUserRow,
  insertEmailVerification,
  markEmailVerified,
  useVerificationLink,
} from './repository'

/** How long a verification link works. */
export const EMAIL_VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** Hears of each address verified, inside the transaction that records it (referrals complete). */
export type EmailVerifiedListener = (tx: Executor, userId: number) => Promise<void>

export interface VerificationDeps {
  db: Database
  mailer: Mailer
  publicUrl: string
}

/** Stores a new single-use link for the account's current address and answers its URL. */
export async function newVerificationLink(
  db: Executor,
  publicUrl: string,
  user: { id: number; email: string },
): Promise<string> {
  const token = newRefreshToken()
  await insertEmailVerification(db, {
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
  })
  return `${publicUrl}${VERIFY_EMAIL_PATH}?token=${token}`
}

/** The paragraph of a message that carries the verification link. */
export const verificationParagraph = (link: string) =>
  `Please confirm your email address by opening this link within 7 days:\n\n${link}\n\nUntil then you can use the portal as usual; referral rewards wait for a confirmed address.`

/** Sends a new link to a signed-in client whose address is not verified yet. */
export async function resendVerification(deps: VerificationDeps, userId: number) {
  const user = await findUserRow(deps.db, userId)
  if (!user) throw notFound()
  if (user.emailVerifiedAt) return { detail: verifyEmailMessages.alreadyVerified }
  const link = await newVerificationLink(deps.db, deps.publicUrl, user)
  await deps.mailer.send({
    to: user.email,
    subject: 'Confirm your Cypher email address',
    template: 'email-verification',
    text: `Hello ${user.firstName},\n\n${verificationParagraph(link)}\n\nThe Cypher team`,
  })
  return { detail: verifyEmailMessages.sent }
}

/**
 * Opens a verification link (no sign-in needed: it may be opened on another device). The link verifies
 * the address it was sent to, once, while the account still uses it; listeners run in the same
 * transaction. An unknown, used or expired link is a 400.
 */
export async function verifyEmail(
  db: Database,
  token: string,
  listeners: readonly EmailVerifiedListener[],
): Promise<{ detail: string; email: string }> {
  return db.transaction(async (tx) => {
    const link = await useVerificationLink(tx, hashToken(token))
    if (!link) throw badRequest(verifyEmailMessages.invalidLink)
    const user = await markEmailVerified(tx, link.userId, link.email)
    if (!user) throw badRequest(verifyEmailMessages.invalidLink)
    for (const listener of listeners) await listener(tx, user.id)
    return { detail: verifyEmailMessages.verified, email: user.email }
  })
}

/** Whether the account's current address is verified. */
export async function isEmailVerified(db: Executor, userId: number): Promise<boolean> {
  return Boolean(await emailVerifiedAt(db, userId))
}

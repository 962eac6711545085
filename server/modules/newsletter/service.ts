import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { newsletterMessages, type NewsletterResponse } from '@/contract/newsletter'
import { site } from '@/contract/site'
import type { Mailer } from '../../adapters/mail'
import type { Database } from '../../db/client'
import * as repo from './repository'

export interface NewsletterDeps {
  db: Database
  mailer: Mailer
  log: FastifyBaseLogger
  publicUrl: string
}

export const NEWSLETTER_PATH = '/api/public/newsletter'
export const confirmUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${NEWSLETTER_PATH}/confirm/${token}/`
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${NEWSLETTER_PATH}/unsubscribe/${token}/`

/** The headers every newsletter e-mail carries: a one-click unsubscribe (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(publicUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(publicUrl, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

/**
 * Double opt-in: a new or returning address is stored as pending and sent a link to confirm; only then
 * is it subscribed. An address already on the list (pending or confirmed) is told so without another
 * e-mail, so the form cannot be used to flood a mailbox. The visible answers stay the spec's texts.
 */
export async function subscribe(
  deps: NewsletterDeps,
  email: string,
): Promise<{ created: boolean; body: NewsletterResponse }> {
  const fresh = randomBytes(24).toString('base64url')
  const inserted = await repo.insertSubscriber(deps.db, email, fresh)
  const pending = inserted ?? (await repo.renewPending(deps.db, email, fresh))
  if (!pending?.token) {
    return { created: false, body: { success: true, message: newsletterMessages.alreadySubscribed, email } }
  }
  const token = pending.token
  try {
    await deps.mailer.send({
      to: email,
      subject: `Please confirm your ${site.name} newsletter subscription`,
      template: 'newsletter-confirmation',
      headers: unsubscribeHeaders(deps.publicUrl, token),
      text: [
        'Hello,',
        '',
        `Someone, hopefully you, asked to receive the ${site.name} newsletter at this address: our new articles on software, security, AI and product building.`,
        '',
        `Confirm your subscription: ${confirmUrl(deps.publicUrl, token)}`,
        '',
        `If you did not ask for this, ignore this e-mail: nothing will be sent to you. To stop at any time: ${unsubscribeUrl(deps.publicUrl, token)}`,
        '',
        `The ${site.name} team`,
      ].join('\n'),
    })
  } catch (error) {
    // The request is stored; a failed confirmation is logged, not shown to the visitor as a failure.
    deps.log.error({ err: error }, 'newsletter confirmation not sent')
  }
  return {
    created: true,
    body: { success: true, message: newsletterMessages.subscribed, email },
  }
}

/** Confirms by the link's token: true once confirmed (also when it already was). */
export async function confirm(deps: Pick<NewsletterDeps, 'db'>, token: string): Promise<boolean> {
  if (await repo.confirmByToken(deps.db, token)) return true
  return (await repo.findByToken(deps.db, token))?.status === 'subscribed'
}

/** Unsubscribes by the link's token; false for a token we never sent. */
/** Whether a link's token names a subscription (the unsubscribe page offers its button only then). */
export async function isSubscriptionToken(deps: Pick<NewsletterDeps, 'db'>, token: string): Promise<boolean> {
  return Boolean(await repo.findByToken(deps.db, token))
}

export async function unsubscribeByToken(deps: Pick<NewsletterDeps, 'db'>, token: string): Promise<boolean> {
  if (!(await repo.findByToken(deps.db, token))) return false
  await repo.unsubscribeByToken(deps.db, token)
  return true
}

/** Idempotent, and the same answer whether or not the address was subscribed. */
export async function unsubscribe(deps: NewsletterDeps, email: string): Promise<NewsletterResponse> {
  await repo.unsubscribe(deps.db, email)
  return { success: true, message: newsletterMessages.unsubscribed, email }
}

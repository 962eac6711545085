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
}

/**
 * Idempotent: a new (or returning) address is subscribed and gets a confirmation; an address already
 * on the list is told so, which is not an error to the visitor.
 */
export async function subscribe(
  deps: NewsletterDeps,
  email: string,
): Promise<{ created: boolean; body: NewsletterResponse }> {
  const added =
    (await repo.insertSubscriber(deps.db, email)) ?? (await repo.reactivateSubscriber(deps.db, email))
  if (!added) {
    return { created: false, body: { success: true, message: newsletterMessages.alreadySubscribed, email } }
  }
  try {
    await deps.mailer.send({
      to: email,
      subject: `You are subscribed to the ${site.name} newsletter`,
      template: 'newsletter-confirmation',
      text: [
        'Hello,',
        '',
        `Thank you for subscribing to the ${site.name} newsletter. You will receive our new articles on software, security, AI and product building.`,
        '',
        `If you did not ask for this, or want to stop receiving it, write to ${site.supportEmail} and we will remove your address.`,
        '',
        `The ${site.name} team`,
      ].join('\n'),
    })
  } catch (error) {
    // The subscription is stored; a failed confirmation is logged, not shown to the visitor as a failure.
    deps.log.error({ err: error }, 'newsletter confirmation not sent')
  }
  return { created: true, body: { success: true, message: newsletterMessages.subscribed, email } }
}

/** Idempotent, and the same answer whether or not the address was subscribed. */
export async function unsubscribe(deps: NewsletterDeps, email: string): Promise<NewsletterResponse> {
  await repo.unsubscribe(deps.db, email)
  return { success: true, message: newsletterMessages.unsubscribed, email }
}

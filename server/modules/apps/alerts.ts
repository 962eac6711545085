import type { Mailer } from '../../adapters/mail'
import type { Database } from '../../db/client'
import type { UsageAlert } from './messaging'
import { appOwner, claimExpiringSubscriptions } from './message-repository'

/** The "expires soon" e-mail goes this long before a subscription's end. */
export const EXPIRY_ALERT_DAYS = 7

/** The usage alert e-mail (80% or 100% of a subscription's messages). */
export async function sendUsageAlert(
  deps: { db: Database; mailer: Mailer },
  alert: UsageAlert,
  portalUrl: string,
) {
  const owner = await appOwner(deps.db, alert.appId)
  if (!owner) return
  const full = alert.percent === 100
  const subject = full
    ? `${owner.appName}: your ${alert.packageName} package is used up`
    : `${owner.appName}: 80% of your ${alert.packageName} package is used`
  const text = [
    `Hello ${owner.firstName},`,
    '',
    `${owner.appName} has used ${alert.used.toLocaleString('en-US')} of the ${alert.limit.toLocaleString('en-US')} messages in its ${alert.packageName} package (SMS count per segment).`,
    full
      ? 'Further messages on this channel are refused until you buy another package.'
      : 'When the package is used up, further messages on this channel are refused.',
    '',
    `Manage the app: ${portalUrl}/manage-msg/${alert.appId}`,
  ].join('\n')
  await deps.mailer.send({ to: owner.email, subject, text, template: `app-usage-${alert.percent}` })
}

/** Sends the "expires in 7 days" e-mails now due (the scheduled sweep); answers how many went. */
export async function sendExpiryAlerts(
  deps: { db: Database; mailer: Mailer },
  portalUrl: string,
  now = new Date(),
) {
  const due = await claimExpiringSubscriptions(deps.db, now, EXPIRY_ALERT_DAYS)
  for (const subscription of due) {
    const owner = await appOwner(deps.db, subscription.appId)
    if (!owner || !subscription.endDate) continue
    const ends = subscription.endDate.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
    await deps.mailer.send({
      to: owner.email,
      subject: `${owner.appName}: your ${subscription.packageName} package ends on ${ends}`,
      text: [
        `Hello ${owner.firstName},`,
        '',
        `The ${subscription.packageName} package of ${owner.appName} ends on ${ends} (UTC). ${subscription.messagesUsed.toLocaleString('en-US')} of its ${subscription.messagesLimit.toLocaleString('en-US')} messages are used.`,
        'After that date, messages on this channel are refused until you buy another package.',
        '',
        `Manage the app: ${portalUrl}/manage-msg/${subscription.appId}`,
      ].join('\n'),
      template: 'app-expiry-7d',
    })
  }
  return due.length
}

import type { FastifyBaseLogger } from 'fastify'
import { domainPrice, FALLBACK_PRICE } from '@/contract/domains'
import { fromMinorUnits, toMinorUnits } from '@/contract/common'
import type { Mailer } from '../../adapters/mail'
import type { Database } from '../../db/client'
import {
  createOrder,
  payOrderAutomatically,
  type AutomaticPayment,
  type OrderRow,
  type PaymentDeps,
} from '../payments'
import type { DomainOrderDetails } from './orders'
import * as repo from './repository'
import type { DomainRow } from './repository'

/** The scheduled job: auto-renewals first (a renewed name needs no reminder), then expiry reminders. */
export const RENEWALS_QUEUE = 'domains-renewals'
/** Hourly, so a server that was down at one run catches up at the next (each step is claimed once). */
export const RENEWALS_CRON = '20 * * * *'
/** Auto-renew domains are renewed for one year once this many days or fewer are left. */
export const AUTO_RENEW_DAYS = 30
/** Expiry reminders, each sent once per term (`domains.last_reminder_days`). */
export const REMINDER_DAYS = [60, 30, 7] as const

const DAY_MS = 24 * 60 * 60 * 1000

export interface RenewalDeps {
  db: Database
  log: FastifyBaseLogger
  mailer: Mailer
  payments: PaymentDeps
  publicUrl: string
}

/** What a domain order made by the job carries besides the usual details. */
interface AutoRenewalDetails extends DomainOrderDetails {
  auto_renew: true
  /** Claims, so each e-mail goes once even when two instances run the job. */
  failure_mailed?: boolean
  success_mailed?: boolean
}

const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})
const usd = (minor: number) => `$${fromMinorUnits(minor).toFixed(2)}`

/** Whole days left, rounded up: 29 days and an hour is 30 days left. */
export function daysLeft(expiry: Date, now: Date): number {
  return Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS)
}

/** The reminder due with this many days left (the nearest threshold at or above it), or null. */
export function reminderDue(days: number): number | null {
  if (days <= 0) return null
  const due = [...REMINDER_DAYS].sort((a, b) => a - b).find((threshold) => days <= threshold)
  return due ?? null
}

/** One year at the domain's renewal price, plus WHOIS privacy when it has it. */
function renewalPrice(domain: DomainRow) {
  const perYear = domain.renewalPriceMinor > 0 ? fromMinorUnits(domain.renewalPriceMinor) : FALLBACK_PRICE
  return domainPrice(perYear, perYear, 1, domain.whoisPrivacy)
}

export type AutoRenewOutcome = 'renewed' | 'processing' | 'failed' | 'failed-and-mailed'

/**
 * Renews one auto-renew domain for a year: one order per domain and expiry date (its idempotency key),
 * so a second run, on this instance or another, finds the same order instead of charging again. An order
 * whose card charge is still being confirmed is left to the gateway's notification; a failed attempt is
 * not retried this term (the client is told, and the 30- and 7-day reminders follow).
 */
export async function autoRenewDomain(deps: RenewalDeps, domain: DomainRow): Promise<AutoRenewOutcome> {
  if (!domain.expiryDate) return 'failed'
  const price = renewalPrice(domain)
  const details: AutoRenewalDetails = {
    domain_id: domain.id,
    domain_name: domain.domainName,
    years: 1,
    whois_privacy: domain.whoisPrivacy,
    base_price_minor: toMinorUnits(price.base),
    privacy_price_minor: toMinorUnits(price.privacy),
    purchase_price: null,
    auto_renew: true,
  }
  const { order } = await createOrder(deps.db, {
    userId: domain.userId,
    kind: 'domain_renewal',
    amountMinor: toMinorUnits(price.total),
    description: `Automatic renewal: ${domain.domainName} (1 year)`,
    idempotencyKey: `auto-renew:${domain.id}:${domain.expiryDate.toISOString()}`,
    details: { ...details },
  })
  let payment: AutomaticPayment | null = null
  // A pending order with a gateway reference is a card charge the gateway has yet to confirm.
  if (order.status === 'pending' && !order.gatewayRef)
    payment = await payOrderAutomatically(deps.payments, domain.userId, order.id)
  const now = await repo.findOrder(deps.db, order.id)
  if (!now) throw new Error(`order ${order.id} is gone`)
  if (now.status === 'paid') return 'renewed'
  if (payment?.outcome === 'processing' || (now.status === 'pending' && now.gatewayRef && !payment))
    return 'processing'
  const reason =
    payment?.outcome === 'failed' ? payment.reason : (now.failureReason ?? 'The payment was not completed.')
  // Not left payable: a renewal the client makes now is a new order from the renew page.
  await repo.cancelUnpaidOrder(deps.db, now.id, reason)
  if (!(await repo.claimOrderFlag(deps.db, now.id, 'failure_mailed'))) return 'failed'
  await mailRenewalFailure(deps, domain, now, reason)
  return 'failed-and-mailed'
}

async function mailRenewalFailure(deps: RenewalDeps, domain: DomainRow, order: OrderRow, reason: string) {
  const client = await repo.ownerContact(deps.db, domain.userId)
  if (!client || !domain.expiryDate) return
  await deps.mailer.send({
    to: client.email,
    template: 'domain-auto-renew-failed',
    subject: `We could not renew ${domain.domainName} automatically`,
    text: [
      `Hello ${client.firstName},`,
      '',
      `${domain.domainName} expires on ${longDate.format(domain.expiryDate)}. We tried to renew it for one year (${usd(order.amountMinor)}) as its auto-renewal asks, but the payment did not go through:`,
      '',
      `  ${reason}`,
      '',
      'Add funds to your wallet or save a default card, then renew it yourself:',
      `${deps.publicUrl}/domain/${domain.id}/renew`,
      '',
      'If it is not renewed before it expires, the name stops working and may be lost.',
    ].join('\n'),
  })
}

/**
 * After an automatic renewal was paid and fulfilled (by the wallet at once, or by the card gateway's
 * notification later): tells the client the new expiry date, once.
 */
export async function mailRenewalSuccess(
  deps: Pick<RenewalDeps, 'db' | 'mailer' | 'publicUrl'>,
  order: OrderRow,
) {
  if (order.kind !== 'domain_renewal' || (order.details as Partial<AutoRenewalDetails>).auto_renew !== true)
    return
  const domainId = Number((order.details as Partial<AutoRenewalDetails>).domain_id)
  const domain = await repo.findDomainById(deps.db, domainId)
  if (!domain?.expiryDate || !(await repo.claimOrderFlag(deps.db, order.id, 'success_mailed'))) return
  const client = await repo.ownerContact(deps.db, domain.userId)
  if (!client) return
  const paidWith = order.gateway === 'wallet' ? 'your wallet balance' : 'your default saved card'
  await deps.mailer.send({
    to: client.email,
    template: 'domain-auto-renewed',
    subject: `${domain.domainName} was renewed automatically`,
    text: [
      `Hello ${client.firstName},`,
      '',
      `${domain.domainName} was renewed for one year, as its auto-renewal asks. It now expires on ${longDate.format(domain.expiryDate)}.`,
      `We charged ${usd(order.amountMinor)} to ${paidWith} (order #${order.id}).`,
      '',
      `Manage the domain or turn auto-renewal off: ${deps.publicUrl}/domain/${domain.id}`,
    ].join('\n'),
  })
}

/** The expiry reminder (60, 30 or 7 days). */
async function mailReminder(deps: RenewalDeps, domain: DomainRow, days: number, threshold: number) {
  const client = await repo.ownerContact(deps.db, domain.userId)
  if (!client || !domain.expiryDate) return
  const when = longDate.format(domain.expiryDate)
  const left = `${days} ${days === 1 ? 'day' : 'days'}`
  const autoRenewLater = domain.autoRenew && days > AUTO_RENEW_DAYS
  await deps.mailer.send({
    to: client.email,
    template: `domain-expiry-${threshold}`,
    subject: `${domain.domainName} expires in ${left}`,
    text: [
      `Hello ${client.firstName},`,
      '',
      `${domain.domainName} expires on ${when} (${left} from now).`,
      autoRenewLater
        ? `Auto-renewal is on: we will renew it for one year ${AUTO_RENEW_DAYS} days before it expires, from your wallet balance or your default saved card. Make sure one of them can pay ${usd(toMinorUnits(renewalPrice(domain).total))}.`
        : 'Renew it before then to keep the name working:',
      autoRenewLater
        ? `Manage the domain: ${deps.publicUrl}/domain/${domain.id}`
        : `${deps.publicUrl}/domain/${domain.id}/renew`,
    ].join('\n'),
  })
}

/** Registered domains (not pending, cancelled or past expiry) expiring in (now, now + days]. */
async function expiringWithin(db: Database, now: Date, days: number, onlyAutoRenew: boolean) {
  return repo.expiringBetween(db, now, new Date(now.getTime() + days * DAY_MS), onlyAutoRenew)
}

export interface RenewalRun {
  renewed: number
  processing: number
  failed: number
  reminders: number
}

/**
 * The renewals job with its clock given (tests fix it): renews auto-renew domains with 30 days or fewer
 * left, then sends each due expiry reminder once. Safe to run twice, and on several instances at once.
 */
export async function runDomainRenewals(deps: RenewalDeps, now: Date): Promise<RenewalRun> {
  const run: RenewalRun = { renewed: 0, processing: 0, failed: 0, reminders: 0 }
  let errors = 0
  // The failure e-mail already says when the name expires: no reminder on top of it in the same run.
  const toldToday = new Set<number>()
  // A renewal the card gateway has yet to confirm: reminding now could make the client pay twice.
  const beingRenewed = new Set<number>()
  for (const domain of await expiringWithin(deps.db, now, AUTO_RENEW_DAYS, true)) {
    try {
      const outcome = await autoRenewDomain(deps, domain)
      if (outcome === 'failed-and-mailed') toldToday.add(domain.id)
      if (outcome === 'processing') beingRenewed.add(domain.id)
      run[outcome === 'failed-and-mailed' ? 'failed' : outcome] += 1
    } catch (error) {
      // One domain's trouble does not hold up the others; the job fails at the end and is retried.
      errors += 1
      deps.log.error({ err: error, domainId: domain.id }, 'automatic domain renewal failed')
    }
  }
  const widest = Math.max(...REMINDER_DAYS)
  for (const domain of await expiringWithin(deps.db, now, widest, false)) {
    if (!domain.expiryDate) continue
    const days = daysLeft(domain.expiryDate, now)
    const due = reminderDue(days)
    if (due === null || beingRenewed.has(domain.id)) continue
    // Claimed before sending: a reminder goes at most once, and a later threshold replaces a missed one.
    const claimed = await repo.claimReminder(deps.db, domain.id, domain.expiryDate, due)
    if (!claimed || toldToday.has(domain.id)) continue
    await mailReminder(deps, domain, days, due)
    run.reminders += 1
  }
  if (errors > 0) throw new Error(`${errors} automatic renewal(s) failed; the job will run again.`)
  return run
}

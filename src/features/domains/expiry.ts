import { RENEW_LINK_DAYS, RENEWAL_BAR_DAYS } from '@/contract/domains'

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days from now until the expiry (negative once past); null without a date. */
export function daysUntil(expiry: string | null, now = Date.now()): number | null {
  if (!expiry) return null
  return Math.ceil((new Date(expiry).getTime() - now) / DAY_MS)
}

/** The Renew link shows for days left above 0 and below 90 (§2.6). */
export function showsRenewLink(days: number | null): boolean {
  return days !== null && days > 0 && days < RENEW_LINK_DAYS
}

/** Days left over 365 as a percent, clamped to 0–100 (§4). */
export function renewalPercent(days: number | null): number {
  if (days === null) return 0
  return Math.min(100, Math.max(0, (days / RENEWAL_BAR_DAYS) * 100))
}

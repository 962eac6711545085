import { TICKET_PRIORITIES, type TicketPriority } from '@/contract/support'

/** How long the team has to answer a ticket: calendar hours, or business days (Monday to Friday, UTC). */
export type ResponseTarget = { unit: 'hours'; amount: number } | { unit: 'business_days'; amount: number }
export type ResponseTargets = Record<TicketPriority, ResponseTarget>

export const DEFAULT_RESPONSE_TARGETS: ResponseTargets = {
  urgent: { unit: 'hours', amount: 4 },
  high: { unit: 'business_days', amount: 1 },
  medium: { unit: 'business_days', amount: 3 },
  low: { unit: 'business_days', amount: 5 },
}

/**
 * Reads SUPPORT_RESPONSE_TARGETS, e.g. "urgent=4h,high=1bd,medium=3bd,low=5bd" (h: hours, bd: business
 * days). Priorities left out keep their default. Throws a message naming the bad part.
 */
export function parseResponseTargets(raw: string | undefined): ResponseTargets {
  const targets = { ...DEFAULT_RESPONSE_TARGETS }
  if (!raw?.trim()) return targets
  for (const part of raw.split(',')) {
    const match = /^\s*([a-z]+)\s*=\s*(\d{1,4})\s*(h|bd)\s*$/.exec(part)
    const priority = TICKET_PRIORITIES.find((p) => p === match?.[1])
    if (!match || !priority) {
      throw new Error(
        `"${part.trim()}" is not <priority>=<number>h|bd with a priority of ${TICKET_PRIORITIES.join(', ')}`,
      )
    }
    const amount = Number(match[2])
    if (amount < 1) throw new Error(`"${part.trim()}": the target must be at least 1`)
    targets[priority] = { unit: match[3] === 'h' ? 'hours' : 'business_days', amount }
  }
  return targets
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/** The moment a target runs out, counted from `from`. Business days skip Saturdays and Sundays. */
export function dueDateFor(from: Date, target: ResponseTarget): Date {
  if (target.unit === 'hours') return new Date(from.getTime() + target.amount * HOUR)
  let due = from.getTime()
  let added = 0
  while (added < target.amount) {
    due += DAY
    const weekday = new Date(due).getUTCDay()
    if (weekday !== 0 && weekday !== 6) added += 1
  }
  return new Date(due)
}

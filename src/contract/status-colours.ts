/**
 * The status colours of spec 001 §4, in the spec's words. Every status badge and dot of the portal
 * reads this one map; the renderer translates the words into its theme's colours.
 */
export type StatusColour = 'blue' | 'green' | 'yellow' | 'orange' | 'purple' | 'emerald' | 'red' | 'grey'

export const STATUS_COLOURS: Readonly<Record<string, StatusColour>> = {
  new: 'blue',
  completed: 'blue',
  open: 'green',
  active: 'green',
  in_progress: 'yellow',
  on_hold: 'yellow',
  waiting_on_client: 'orange',
  waiting_on_third_party: 'purple',
  resolved: 'emerald',
  cancelled: 'red',
}

/** Projects and tickets: the spec's map, grey for anything else. */
export function statusColour(status: string | null | undefined): StatusColour {
  return (status && STATUS_COLOURS[status]) || 'grey'
}

/** Milestones: paid green, pending yellow, anything else red (shown as overdue). */
export function milestoneColour(status: string): StatusColour {
  if (status === 'paid') return 'green'
  if (status === 'pending') return 'yellow'
  return 'red'
}

/** Messaging apps: active green, maintenance yellow, inactive or anything else grey. */
export function appStatusColour(status: string): StatusColour {
  if (status === 'active') return 'green'
  if (status === 'maintenance') return 'yellow'
  return 'grey'
}

/** A status value as words: in_progress → In Progress. */
export function statusLabel(status: string): string {
  return status
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** Priorities are not coloured by the spec; ours rise from grey to red with urgency. */
export function priorityColour(priority: string): StatusColour {
  if (priority === 'urgent' || priority === 'critical') return 'red'
  if (priority === 'high') return 'orange'
  if (priority === 'medium') return 'blue'
  return 'grey'
}

/** Domains (spec 002 §4): active green, expired red, anything else yellow. */
export function domainStatusColour(status: string): StatusColour {
  if (status === 'active') return 'green'
  if (status === 'expired') return 'red'
  return 'yellow'
}

/** Days until expiry (§4): more than 90 green, more than 30 yellow, otherwise red. */
export function daysLeftColour(days: number): StatusColour {
  if (days > 90) return 'green'
  if (days > 30) return 'yellow'
  return 'red'
}

/** The renewal bar (§4): green above 50 %, yellow above 25 %, red otherwise. */
export function renewalBarColour(percent: number): StatusColour {
  if (percent > 50) return 'green'
  if (percent > 25) return 'yellow'
  return 'red'
}

/** Orders (ours): paid green, pending yellow, failed red, refunded purple, cancelled grey. */
export function orderStatusColour(status: string): StatusColour {
  if (status === 'paid') return 'green'
  if (status === 'pending') return 'yellow'
  if (status === 'failed') return 'red'
  if (status === 'refunded') return 'purple'
  return 'grey'
}

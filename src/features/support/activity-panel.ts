import type { TicketActivity } from '@/contract/support'

/** The four types the project panel always keeps (spec 001 §3 "Ticket activity"). */
const PANEL_ACTIVITY_TYPES: readonly string[] = [
  'created',
  'comment_added',
  'attachment_added',
  'status_changed',
]

/** The panel keeps activities whose description mentions a ticket or whose type is one of the four. */
export function visibleInPanel(activity: Pick<TicketActivity, 'activity_type' | 'description'>): boolean {
  return PANEL_ACTIVITY_TYPES.includes(activity.activity_type) || /ticket/i.test(activity.description)
}

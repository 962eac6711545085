import { Badge, Group } from '@mantine/core'
import { supportMessages, type Ticket } from '@/contract/support'
import { StatusBadge } from '@/components/status-badge'

/** OVERDUE shows when the server says the ticket is overdue (spec 001 §2). */
export function OverdueBadge({ overdue }: { overdue: boolean }) {
  if (!overdue) return null
  return (
    <Badge color="red" variant="filled" data-testid="overdue-badge">
      {supportMessages.overdue}
    </Badge>
  )
}

export function TicketBadges({ ticket }: { ticket: Pick<Ticket, 'status' | 'priority' | 'is_overdue'> }) {
  return (
    <Group gap={6} wrap="wrap">
      <StatusBadge status={ticket.status} />
      <StatusBadge status={ticket.priority} kind="priority" variant="outline" />
      <OverdueBadge overdue={ticket.is_overdue} />
    </Group>
  )
}

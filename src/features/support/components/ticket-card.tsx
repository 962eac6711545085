import { Anchor, Card, Group, Stack, Text } from '@mantine/core'
import type { Ticket } from '@/contract/support'
import { formatDate } from '@/lib/format'
import { TicketBadges } from './ticket-badges'

/** One ticket in the list: the description is clamped to 2 lines (spec 001 §2). */
export function TicketCard({ ticket, onOpen }: { ticket: Ticket; onOpen: (id: number) => void }) {
  return (
    <Card
      component="article"
      padding="md"
      data-testid="ticket-card"
      onClick={() => onOpen(ticket.id)}
      style={{ cursor: 'pointer' }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Anchor
            component="button"
            type="button"
            fw={700}
            c="gray.1"
            ta="left"
            onClick={(event) => {
              event.stopPropagation()
              onOpen(ticket.id)
            }}
          >
            #{ticket.id} {ticket.title}
          </Anchor>
          <TicketBadges ticket={ticket} />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} data-testid="ticket-description">
          {ticket.description}
        </Text>
        <Group gap="md">
          <Text size="xs" c="dimmed">
            Opened {formatDate(ticket.created_at)} by {ticket.created_by.first_name}{' '}
            {ticket.created_by.last_name}
          </Text>
          {ticket.category && (
            <Text size="xs" c="dimmed">
              {ticket.category.name}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  )
}

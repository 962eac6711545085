import { Button, Group, Stack, Title } from '@mantine/core'
import { IconPlus, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import { CreateTicketForm } from './create-ticket-form'
import { TicketDetailView } from './ticket-detail'
import { TicketList } from './ticket-list'

interface TicketPanelProps {
  projectId: number
  /** The open ticket, kept in the URL so a reload (also offline) shows it again. */
  ticketId: number | null
  onOpenTicket: (ticketId: number | null) => void
}

/** The Support Tickets tab: 'Create Ticket' toggles the form; below it the list or one ticket. */
export function TicketPanel({ projectId, ticketId, onOpenTicket }: TicketPanelProps) {
  const [creating, setCreating] = useState(false)
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Support Tickets
        </Title>
        <Button
          onClick={() => setCreating((open) => !open)}
          variant={creating ? 'default' : 'filled'}
          leftSection={creating ? <IconX size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />}
          aria-expanded={creating}
        >
          {creating ? 'Cancel' : 'Create Ticket'}
        </Button>
      </Group>
      {creating && (
        <CreateTicketForm
          projectId={projectId}
          onCreated={() => {
            // Spec 001 §4: success hides the form and shows the refreshed list.
            setCreating(false)
            onOpenTicket(null)
          }}
        />
      )}
      {ticketId === null ? (
        <TicketList projectId={projectId} onOpen={onOpenTicket} />
      ) : (
        <TicketDetailView projectId={projectId} ticketId={ticketId} onBack={() => onOpenTicket(null)} />
      )}
    </Stack>
  )
}

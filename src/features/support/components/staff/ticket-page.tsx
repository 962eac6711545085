import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core'
import { RecordHeader } from '@/components/staff/record-section'
import { useState, type ReactNode } from 'react'
import { staffMessages } from '@/contract/staff'
import { statusLabel } from '@/contract/status-colours'
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketDetail,
  type UpdateTicketInput,
} from '@/contract/support'
import { StatusBadge } from '@/components/status-badge'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { apiDownload } from '@/lib/api-client'
import { formatDateTime, formatFileSize } from '@/lib/format'
import { saveBlob } from '@/lib/save-blob'
import { useAddStaffComment, useUpdateStaffTicket } from '../../api/change-ticket'
import { useTeam } from '@/components/staff/api/get-options'
import { useTicketClientHistory } from '../../api/get-ticket-client-history'
import { useStaffTicket } from '../../api/get-staff-tickets'
import { RecordLink } from '@/components/staff/staff-list'
import classes from '@/components/staff/console.module.css'

/** One kind of the client's other records in the ticket's history: a heading, then a list of links. */
function HistoryList<Row extends { id: number }>({
  title,
  label,
  rows,
  link,
  note,
}: {
  title: string
  label: string
  rows: readonly Row[]
  link: (row: Row) => ReactNode
  note: (row: Row) => string
}) {
  return (
    <>
      <Text size="sm" fw={600} mt="xs">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None.
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
          {rows.map((row) => (
            <li key={row.id}>
              {link(row)}{' '}
              <Text component="span" size="xs" c="dimmed">
                {note(row)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </>
  )
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : staffMessages.saveFailed)

function Changes({ ticket }: { ticket: TicketDetail }) {
  const team = useTeam()
  const update = useUpdateStaffTicket()
  const assignee = team.data?.results.find(
    (m) =>
      ticket.assigned_to &&
      m.first_name === ticket.assigned_to.first_name &&
      m.last_name === ticket.assigned_to.last_name,
  )
  async function change(changes: UpdateTicketInput) {
    try {
      await update.mutateAsync({ id: ticket.id, changes })
      toast.success(staffMessages.saved, 3000)
    } catch (error) {
      toast.error(errorText(error), 5000)
    }
  }
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Select
          label="Status"
          data={TICKET_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          value={ticket.status}
          onChange={(value) =>
            value && value !== ticket.status && change({ status: value as UpdateTicketInput['status'] })
          }
          allowDeselect={false}
          disabled={update.isPending}
        />
        <Select
          label="Priority"
          data={TICKET_PRIORITIES.map((s) => ({ value: s, label: statusLabel(s) }))}
          value={ticket.priority}
          onChange={(value) =>
            value && value !== ticket.priority && change({ priority: value as UpdateTicketInput['priority'] })
          }
          allowDeselect={false}
          disabled={update.isPending}
        />
        <Select
          label="Assignee"
          placeholder="Unassigned"
          data={(team.data?.results ?? []).map((m) => ({
            value: String(m.id),
            label: `${m.first_name} ${m.last_name}`,
          }))}
          value={assignee ? String(assignee.id) : null}
          onChange={(value) => change({ assigned_to: value ? Number(value) : null })}
          clearable
          disabled={update.isPending}
        />
        <Text size="sm" c="dimmed" component="div">
          Due {formatDateTime(ticket.due_date, '—')} {ticket.is_overdue && <Badge color="red">Overdue</Badge>}
        </Text>
      </Stack>
    </Card>
  )
}

function Compose({ ticketId }: { ticketId: number }) {
  const [content, setContent] = useState('')
  const [internal, setInternal] = useState(false)
  const add = useAddStaffComment()
  async function submit() {
    if (!content.trim()) return
    try {
      await add.mutateAsync({ id: ticketId, content, is_internal: internal })
      toast.success(internal ? staffMessages.noteAdded : staffMessages.replySent, 3000)
      setContent('')
    } catch (error) {
      toast.error(errorText(error), 5000)
    }
  }
  return (
    <Stack gap="xs">
      <Textarea
        label={internal ? 'Internal note (only staff see it)' : 'Reply to the client (also e-mailed)'}
        value={content}
        onChange={(event) => setContent(event.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={5000}
      />
      <Group justify="space-between">
        <Checkbox
          label="Internal note"
          checked={internal}
          onChange={(event) => setInternal(event.currentTarget.checked)}
        />
        <Button onClick={submit} loading={add.isPending} disabled={!content.trim()}>
          {internal ? 'Add note' : 'Send reply'}
        </Button>
      </Group>
    </Stack>
  )
}

/** The client behind the ticket: their other tickets and their projects, each a link. */
function ClientHistory({ ticketId }: { ticketId: number }) {
  const history = useTicketClientHistory(ticketId)
  return (
    <Card withBorder component="section" aria-labelledby="ticket-client-history">
      <Text fw={600} mb="xs" id="ticket-client-history">
        Client history
      </Text>
      {history.isPending && <Text size="sm">Loading...</Text>}
      {history.isError && (
        <Group gap="xs">
          <Text size="sm" c="red">
            {staffMessages.loadFailed}
          </Text>
          <Anchor component="button" size="sm" onClick={() => void history.refetch()}>
            Retry
          </Anchor>
        </Group>
      )}
      {history.data && (
        <Stack gap="xs">
          {history.data.clients.length === 0 ? (
            <Text size="sm" c="dimmed">
              No client company is linked to this ticket.
            </Text>
          ) : (
            history.data.clients.map((c) => (
              <RecordLink key={c.id} size="sm" to="/staff/clients/$id" id={c.id}>
                {c.company_name} ({c.email})
              </RecordLink>
            ))
          )}
          <HistoryList
            title={`Other tickets (${history.data.tickets_count})`}
            label="Other tickets"
            rows={history.data.tickets}
            link={(t) => (
              <RecordLink size="sm" to="/staff/tickets/$id" id={t.id}>
                #{t.id} {t.title}
              </RecordLink>
            )}
            note={(t) => `${statusLabel(t.status)} · ${formatDateTime(t.created_at)}`}
          />
          {history.data.tickets_count > history.data.tickets.length && (
            <Text size="xs" c="dimmed">
              The newest {history.data.tickets.length} are listed.
            </Text>
          )}
          <HistoryList
            title={`Projects (${history.data.projects.length})`}
            label="Client projects"
            rows={history.data.projects}
            link={(p) => (
              <RecordLink size="sm" to="/staff/projects/$id" id={p.id}>
                {p.name}
              </RecordLink>
            )}
            note={(p) => statusLabel(p.status)}
          />
        </Stack>
      )}
    </Card>
  )
}

/** One ticket: the conversation with internal notes marked, changes, attachments and history. */
export function TicketPage({ id }: { id: number }) {
  const ticket = useStaffTicket(id)
  if (ticket.isPending) return <LoadingPanel label="Loading ticket..." />
  if (ticket.isError)
    return <ErrorPanel message={errorText(ticket.error)} onRetry={() => void ticket.refetch()} />
  const t = ticket.data
  return (
    <Stack gap="md">
      <RecordHeader
        back="/staff/tickets"
        backLabel="All tickets"
        title={
          <>
            #{t.id} {t.title}
          </>
        }
      >
        <StatusBadge status={t.status} />
        <StatusBadge status={t.priority} kind="priority" />
      </RecordHeader>
      <Text size="sm" c="dimmed">
        Opened by {t.created_by.first_name} {t.created_by.last_name} on {formatDateTime(t.created_at)} ·{' '}
        <RecordLink to="/staff/projects/$id" id={t.project}>
          Project #{t.project}
        </RecordLink>
        {t.category && ` · ${t.category.name}`}
      </Text>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <Paper withBorder p="md">
              <Text className={classes.pre}>{t.description}</Text>
            </Paper>
            {t.comments.map((comment) => (
              <Paper
                key={comment.id}
                withBorder
                p="md"
                bg={comment.is_internal ? 'yellow.0' : undefined}
                data-internal={comment.is_internal || undefined}
              >
                <Group justify="space-between" mb={4}>
                  <Text fw={600} size="sm">
                    {comment.author.first_name} {comment.author.last_name}
                    {comment.author.is_staff && ' (team)'}
                  </Text>
                  <Group gap="xs">
                    {comment.is_internal && (
                      <Badge color="yellow" size="sm">
                        Internal note
                      </Badge>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(comment.created_at)}
                    </Text>
                  </Group>
                </Group>
                <Text className={classes.pre}>{comment.content}</Text>
              </Paper>
            ))}
            <Compose key={t.id} ticketId={t.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Changes ticket={t} />
            <ClientHistory ticketId={t.id} />
            {t.attachments.length > 0 && (
              <Card withBorder>
                <Text fw={600} mb="xs">
                  Attachments
                </Text>
                {t.attachments.map((a) => (
                  <Anchor
                    key={a.id}
                    component="button"
                    size="sm"
                    onClick={async () => {
                      try {
                        saveBlob(await apiDownload(`/api/support/attachments/${a.id}/download/`), a.file_name)
                      } catch (error) {
                        toast.error(errorText(error), 5000)
                      }
                    }}
                  >
                    {a.file_name} ({formatFileSize(a.file_size)})
                  </Anchor>
                ))}
              </Card>
            )}
            <Card withBorder>
              <Text fw={600} mb="xs">
                History
              </Text>
              <Stack gap={4}>
                {t.activities.map((a) => (
                  <Text key={a.id} size="xs">
                    {formatDateTime(a.created_at)}: {a.description}
                  </Text>
                ))}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}

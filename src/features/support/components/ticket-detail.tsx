import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconArrowLeft, IconDownload, IconPaperclip, IconWifiOff } from '@tabler/icons-react'
import { useState } from 'react'
import { site } from '@/contract/site'
import { supportMessages, type TicketAttachment, type TicketComment } from '@/contract/support'
import { visibleInPanel } from '../activity-panel'
import { FilePicker } from '@/components/file-picker'
import { OfflinePanel } from '@/components/offline-panel'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { ApiError } from '@/lib/api-client'
import { formatDate, formatDateTime, formatFileSize } from '@/lib/format'
import { usePendingComments } from '../api/add-comment'
import { downloadAttachment } from '../api/download-attachment'
import { useTicket } from '../api/get-ticket'
import { useUploadAttachment } from '../api/upload-attachment'
import { CommentForm } from './comment-form'
import { ATTACHMENT_HINT, attachmentRules } from './create-ticket-form'
import { PendingComment } from './pending-comment'
import { TicketBadges } from './ticket-badges'

/** Comment and activity lists scroll inside a fixed small height (spec 001 §2). */
export const LIST_HEIGHT = 260

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  )
}

export function CommentItem({ comment }: { comment: TicketComment }) {
  return (
    <Paper p="sm" bg="dark.6" data-testid="comment">
      <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {comment.author.first_name} {comment.author.last_name}
          </Text>
          {comment.author.is_staff && (
            <Badge size="xs" variant="light" color="signal">
              {site.name} Team
            </Badge>
          )}
          {comment.is_internal && (
            <Badge size="xs" variant="filled" color="grape">
              Internal
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(comment.created_at)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.content}
      </Text>
    </Paper>
  )
}

function AttachmentRow({ attachment, online }: { attachment: TicketAttachment; online: boolean }) {
  const [busy, setBusy] = useState(false)
  async function download() {
    setBusy(true)
    try {
      await downloadAttachment(attachment)
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to download file. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="attachment">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <IconPaperclip size={16} aria-hidden />
        <Stack gap={0} miw={0}>
          <Text size="sm" truncate>
            {attachment.file_name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(attachment.file_size)} · {attachment.uploaded_by.first_name}{' '}
            {attachment.uploaded_by.last_name} · {formatDate(attachment.uploaded_at)}
          </Text>
        </Stack>
      </Group>
      <Tooltip label={online ? 'Download' : 'Downloads need a connection'}>
        <ActionIcon
          variant="default"
          onClick={() => void download()}
          loading={busy}
          disabled={!online}
          aria-label={`Download ${attachment.file_name}`}
        >
          <IconDownload size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}

function UploadBox({ ticketId, online }: { ticketId: number; online: boolean }) {
  const [file, setFile] = useState<File | null>(null)
  const upload = useUploadAttachment()
  async function send() {
    if (!file) return
    try {
      await upload.mutateAsync({ ticket: ticketId, file })
      toast.success(supportMessages.uploaded)
      setFile(null)
    } catch {
      toast.error(supportMessages.uploadFailed)
    }
  }
  return (
    <Stack gap="xs">
      {!online && (
        <Alert color="yellow" icon={<IconWifiOff size={18} aria-hidden />} role="status" p="xs">
          {supportMessages.offlineUpload}
        </Alert>
      )}
      <FilePicker
        label="Attach a file"
        hint={ATTACHMENT_HINT}
        rules={attachmentRules}
        value={file}
        onChange={setFile}
        onError={(message) => toast.error(message)}
        disabled={!online || upload.isPending}
      />
      <Group justify="flex-end">
        <Button
          variant="light"
          onClick={() => void send()}
          disabled={!file || !online}
          loading={upload.isPending}
        >
          Upload File
        </Button>
      </Group>
    </Stack>
  )
}

/** A ticket with its comments, attachments and activities (spec 001 §2). */
export function TicketDetailView({
  projectId,
  ticketId,
  onBack,
}: {
  projectId: number
  ticketId: number
  onBack: () => void
}) {
  const ticket = useTicket(ticketId)
  const pending = usePendingComments(ticketId)
  const online = useOnline()
  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      onClick={onBack}
      w="fit-content"
    >
      Back to tickets
    </Button>
  )
  // A ticket of another project is not shown under this one.
  const elsewhere = ticket.data !== undefined && ticket.data.project !== projectId
  if ((ticket.isError && !ticket.data) || elsewhere) {
    const missing = elsewhere || (ticket.error instanceof ApiError && ticket.error.status === 404)
    return (
      <Stack>
        {back}
        <ErrorPanel
          title={missing ? 'Ticket not found' : supportMessages.errorLoadingTickets}
          message={missing ? 'This ticket does not exist in this project.' : ticket.error?.message}
          retryLabel="Retry"
          onRetry={() => void ticket.refetch()}
        />
      </Stack>
    )
  }
  if (!ticket.data) {
    return (
      <Stack>
        {back}
        {ticket.fetchStatus === 'paused' ? (
          <OfflinePanel what="This ticket" />
        ) : (
          <LoadingPanel label="Loading ticket..." />
        )}
      </Stack>
    )
  }
  const t = ticket.data
  const activities = t.activities.filter(visibleInPanel)
  return (
    <Stack gap="md" data-testid="ticket-detail">
      {back}
      <Card>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Title order={2} size="h3">
              #{t.id} {t.title}
            </Title>
            <TicketBadges ticket={t} />
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t.description}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            <Fact label="Opened by" value={`${t.created_by.first_name} ${t.created_by.last_name}`} />
            <Fact
              label="Assigned to"
              value={t.assigned_to ? `${t.assigned_to.first_name} ${t.assigned_to.last_name}` : 'Unassigned'}
            />
            <Fact label="Category" value={t.category?.name ?? 'None'} />
            <Fact label="Created" value={formatDateTime(t.created_at)} />
            <Fact label="Updated" value={formatDateTime(t.updated_at)} />
            <Fact label="Response due" value={formatDateTime(t.due_date)} />
          </SimpleGrid>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card component="section" aria-label="Comments">
          <Title order={3} size="h5" mb="sm">
            Comments ({t.comments.length})
          </Title>
          <ScrollArea.Autosize mah={LIST_HEIGHT} type="auto" offsetScrollbars data-testid="comments-scroll">
            <Stack gap="xs">
              {t.comments.length === 0 && pending.length === 0 && (
                <Text size="sm" c="dimmed">
                  No comments yet.
                </Text>
              )}
              {t.comments.map((c) => (
                <CommentItem key={c.id} comment={c} />
              ))}
              {pending.map((p) => (
                <PendingComment key={p.input.client_ref} {...p} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <CommentForm ticketId={t.id} />
        </Card>
        <Stack gap="md">
          <Card component="section" aria-label="Attachments">
            <Title order={3} size="h5" mb="sm">
              Attachments ({t.attachments.length})
            </Title>
            <Stack gap="sm" mb="md">
              {t.attachments.length === 0 && (
                <Text size="sm" c="dimmed">
                  No attachments yet.
                </Text>
              )}
              {t.attachments.map((a) => (
                <AttachmentRow key={a.id} attachment={a} online={online} />
              ))}
            </Stack>
            <UploadBox ticketId={t.id} online={online} />
          </Card>
          <Card component="section" aria-label="Activity">
            <Title order={3} size="h5" mb="sm">
              Activity
            </Title>
            <ScrollArea.Autosize
              mah={LIST_HEIGHT}
              type="auto"
              offsetScrollbars
              data-testid="activities-scroll"
            >
              <Stack gap={6}>
                {activities.map((a) => (
                  <Group key={a.id} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <Text size="sm">
                      {a.description}
                      {a.performed_by && (
                        <Text span c="dimmed" size="sm">
                          {' '}
                          · {a.performed_by.first_name} {a.performed_by.last_name}
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(a.created_at)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Card>
        </Stack>
      </SimpleGrid>
    </Stack>
  )
}

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
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconArrowLeft, IconDownload, IconPaperclip, IconWifiOff } from '@tabler/icons-react'
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { site } from '@/contract/site'
import {
  COMMENT_MAX,
  supportMessages,
  type AddCommentInput,
  type TicketAttachment,
  type TicketComment,
} from '@/contract/support'
import { visibleInPanel } from '../activity-panel'
import { FilePicker } from '@/components/file-picker'
import { OfflinePanel } from '@/components/offline-panel'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { ApiError } from '@/lib/api-client'
import { formatDate, formatDateTime, formatFileSize } from '@/lib/format'
import { useAddComment, usePendingComments, type UnsentComment } from '../api/add-comment'
import { DiscardedWrite } from '../api/comment-key'
import {
  discardComment,
  retryComment,
  retryStateOf,
  subscribeRetries,
  wasRetried,
} from '../api/comment-queue'
import { downloadAttachment } from '../api/download-attachment'
import { useTicket } from '../api/get-ticket'
import { useUploadAttachment } from '../api/upload-attachment'
import { ATTACHMENT_HINT, attachmentRules } from './create-ticket-form'
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

const retryClock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' })

/** A comment not delivered yet and its state: pending, retrying at a time (with why), or failed (with why). */
function PendingComment({ input, failed }: UnsentComment) {
  const queryClient = useQueryClient()
  const retry = useSyncExternalStore(subscribeRetries, () => retryStateOf(input.client_ref))
  const state = failed
    ? supportMessages.commentRefused(failed)
    : retry
      ? supportMessages.commentRetrying(retryClock.format(retry.at), retry.reason)
      : null
  return (
    <Paper p="sm" bg="dark.6" style={{ opacity: 0.75 }} data-testid="pending-comment">
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          You
        </Text>
        <Badge size="xs" color={failed ? 'red' : 'yellow'} variant="light">
          {failed ? supportMessages.failed : retry ? supportMessages.retrying : supportMessages.pending}
        </Badge>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {input.content}
      </Text>
      {state && (
        <Text size="xs" c={failed ? 'red.4' : 'dimmed'} mt={4} data-testid="pending-comment-state">
          {state}
        </Text>
      )}
      {(failed || retry) && (
        <Group gap="xs" mt={6} justify="flex-end">
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => retryComment(queryClient, input.client_ref)}
            aria-label={`Retry sending "${input.content.slice(0, 40)}"`}
          >
            Retry
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => discardComment(queryClient, input.client_ref)}
            aria-label={`Discard "${input.content.slice(0, 40)}"`}
          >
            Discard
          </Button>
        </Group>
      )}
    </Paper>
  )
}

function CommentBox({ ticketId }: { ticketId: number }) {
  const [text, setText] = useState('')
  const typed = useRef('')
  typed.current = text
  const queryClient = useQueryClient()
  const addComment = useAddComment()
  const content = text.trim()
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!content) return
    const input: AddCommentInput = {
      ticket: ticketId,
      content,
      is_internal: false,
      client_ref: crypto.randomUUID(),
    }
    // Offline the comment is queued (shown as pending) and sent when the connection is back.
    const queued = !onlineManager.isOnline()
    if (queued) toast.info(supportMessages.commentQueued, 4000)
    setText('')
    addComment.mutate(input, {
      onError: (error) => {
        // Refused as it was written: the text goes back into an empty box instead of a failed entry. A
        // queued comment refused later stays in the list, failed, with its reason.
        if (queued || wasRetried(input.client_ref) || error instanceof DiscardedWrite || typed.current) return
        setText(input.content)
        discardComment(queryClient, input.client_ref)
      },
    })
  }
  return (
    <form onSubmit={submit} aria-label="New comment" style={{ marginTop: 'var(--mantine-spacing-md)' }}>
      <Stack gap="xs">
        <Textarea
          label="Add a comment"
          placeholder="Write a reply to the team..."
          autosize
          minRows={2}
          maxLength={COMMENT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!content}>
            Add Comment
          </Button>
        </Group>
      </Stack>
    </form>
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
          <CommentBox ticketId={t.id} />
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

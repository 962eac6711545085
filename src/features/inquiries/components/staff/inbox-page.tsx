import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { staffMessages } from '@/contract/staff'
import {
  INBOX_KIND_LABELS,
  INBOX_KINDS,
  INBOX_STATUSES,
  inboxMessages,
  type InboxItem,
  type InboxKind,
  type InboxStatus,
} from '@/contract/inquiries-staff'
import { StatusBadge } from '@/components/status-badge'
import { toast } from '@/components/toast'
import { apiDownload } from '@/lib/api-client'
import { formatDateTime, formatFileSize } from '@/lib/format'
import { saveBlob } from '@/lib/save-blob'
import { useReplyToInboxItem, useSetInboxStatus } from '../../api/change-inbox-item'
import { inboxPath, inboxQuery, useInbox, type InboxFilters } from '../../api/get-inbox'
import { FilterSelect, statusOptions } from '@/components/staff/list-toolbar'
import { StaffList, useListFilters } from '@/components/staff/staff-list'
import classes from '@/components/staff/console.module.css'

const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'name', label: 'Name' },
] as const
const errorText = (error: unknown) => (error instanceof Error ? error.message : staffMessages.saveFailed)

function ItemView({ item, onDone }: { item: InboxItem; onDone: () => void }) {
  const setStatus = useSetInboxStatus()
  const reply = useReplyToInboxItem()
  const [subject, setSubject] = useState(`Re: ${item.subject}`)
  const [message, setMessage] = useState(`Hello ${item.name},\n\n`)
  async function changeStatus(status: InboxStatus) {
    try {
      await setStatus.mutateAsync({ kind: item.kind, id: item.id, status })
      toast.success(inboxMessages.statusChanged, 3000)
      onDone()
    } catch (error) {
      toast.error(errorText(error), 5000)
    }
  }
  async function send(event: FormEvent) {
    event.preventDefault()
    try {
      await reply.mutateAsync({ kind: item.kind, id: item.id, input: { subject, message } })
      toast.success(inboxMessages.replied, 3000)
      onDone()
    } catch (error) {
      toast.error(errorText(error), 5000)
    }
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">
          {item.name} &lt;{item.email}&gt; · {formatDateTime(item.created_at)}
        </Text>
        <Select
          aria-label="Status"
          data={statusOptions(INBOX_STATUSES)}
          value={item.status}
          onChange={(value) => value && value !== item.status && void changeStatus(value as InboxStatus)}
          allowDeselect={false}
          w={160}
        />
      </Group>
      <Card withBorder>
        <Stack gap={6}>
          {item.fields.map((field) => (
            <div key={field.label}>
              <Text size="xs" c="dimmed">
                {field.label}
              </Text>
              <Text size="sm" className={classes.pre}>
                {field.value}
              </Text>
            </div>
          ))}
          {item.file && (
            <Anchor
              component="button"
              size="sm"
              onClick={async () => {
                try {
                  saveBlob(
                    await apiDownload(`${inboxPath(item.kind)}${item.id}/file/`),
                    item.file?.name ?? 'file',
                  )
                } catch (error) {
                  toast.error(errorText(error), 5000)
                }
              }}
            >
              Download {item.file.name} ({formatFileSize(item.file.size)})
            </Anchor>
          )}
        </Stack>
      </Card>
      <form onSubmit={send} aria-label="Reply by e-mail">
        <Stack gap="xs">
          <TextInput
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            required
          />
          <Textarea
            label={`Reply to ${item.email}`}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            autosize
            minRows={5}
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={reply.isPending} disabled={!subject.trim() || !message.trim()}>
              Send reply
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}

function KindList({ kind }: { kind: InboxKind }) {
  const { filters, change, setPage } = useListFilters<InboxFilters>({ page: 1, search: '', sort: 'newest' })
  const [open, setOpen] = useState<InboxItem | null>(null)
  return (
    <StaffList
      noun={{
        one: 'item',
        many: 'items',
        searchLabel: `Search ${INBOX_KIND_LABELS[kind].toLowerCase()}`,
        pagesLabel: 'Inbox pages',
      }}
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{ path: inboxPath(kind), query: inboxQuery(filters), name: kind }}
      filterControls={
        <FilterSelect
          label="Status"
          value={filters.status}
          options={statusOptions(INBOX_STATUSES)}
          onChange={(v) => change({ status: v as InboxStatus | undefined })}
        />
      }
      list={useInbox(kind, filters)}
      minWidth={700}
      columns={[
        {
          header: 'Subject',
          cell: (item) => (
            <>
              <Anchor component="button" onClick={() => setOpen(item)}>
                {item.subject}
              </Anchor>
              {item.file && (
                <Badge ml="xs" size="xs" variant="light">
                  file
                </Badge>
              )}
            </>
          ),
        },
        {
          header: 'From',
          cell: (item) => (
            <>
              {item.name}
              <Text size="xs" c="dimmed">
                {item.email}
              </Text>
            </>
          ),
        },
        { header: 'Received', cell: (item) => formatDateTime(item.created_at) },
        { header: 'Status', cell: (item) => <StatusBadge status={item.status} /> },
      ]}
    >
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject} size="lg">
        {open && <ItemView item={open} onDone={() => setOpen(null)} />}
      </Modal>
    </StaffList>
  )
}

/** Contact messages, project briefs, franchise requests and job applications, one tab each. */
export function InboxPage({ kind, onKind }: { kind: InboxKind; onKind: (kind: InboxKind) => void }) {
  return (
    <Tabs value={kind} onChange={(value) => value && onKind(value as InboxKind)} keepMounted={false}>
      <Tabs.List>
        {INBOX_KINDS.map((k) => (
          <Tabs.Tab key={k} value={k}>
            {INBOX_KIND_LABELS[k]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {INBOX_KINDS.map((k) => (
        <Tabs.Panel key={k} value={k} pt="md">
          <KindList kind={k} />
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}

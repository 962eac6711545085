import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import {
  INBOX_KIND_LABELS,
  INBOX_KINDS,
  INBOX_STATUSES,
  inboxMessages,
  type InboxItem,
  type InboxKind,
  type InboxStatus,
} from '@/contract/staff-inbox'
import { statusLabel } from '@/contract/status-colours'
import { Pagination, pageCount } from '@/components/pagination'
import { StatusBadge } from '@/components/status-badge'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { apiDownload } from '@/lib/api-client'
import { formatDateTime, formatFileSize } from '@/lib/format'
import { saveBlob } from '@/lib/save-blob'
import { useReplyToInboxItem, useSetInboxStatus } from '../api/change-inbox-item'
import { exportList } from '../api/export-list'
import { inboxPath, inboxQuery, useInbox, type InboxFilters } from '../api/get-inbox'
import { FilterSelect, ListToolbar } from './list-toolbar'
import classes from './staff.module.css'

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
          data={INBOX_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
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
  const [filters, setFilters] = useState<InboxFilters>({ page: 1, search: '', sort: 'newest' })
  const [open, setOpen] = useState<InboxItem | null>(null)
  const items = useInbox(kind, filters)
  const change = (next: Partial<InboxFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }))
  return (
    <Stack gap="md" pt="md">
      <ListToolbar
        searchLabel={`Search ${INBOX_KIND_LABELS[kind].toLowerCase()}`}
        search={filters.search}
        onSearch={(search) => change({ search })}
        sort={filters.sort}
        sorts={SORTS}
        onSort={(sort) => change({ sort: sort as InboxFilters['sort'] })}
        onExport={() => exportList(inboxPath(kind), inboxQuery(filters), kind)}
      >
        <FilterSelect
          label="Status"
          value={filters.status}
          options={INBOX_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          onChange={(v) => change({ status: v as InboxStatus | undefined })}
        />
      </ListToolbar>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject} size="lg">
        {open && <ItemView item={open} onDone={() => setOpen(null)} />}
      </Modal>
      {items.isPending ? (
        <LoadingPanel />
      ) : items.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void items.refetch()} />
      ) : items.data.results.length === 0 ? (
        <EmptyState title="Nothing here" message="No item matches these filters." />
      ) : (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.data.results.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Anchor component="button" onClick={() => setOpen(item)}>
                        {item.subject}
                      </Anchor>
                      {item.file && (
                        <Badge ml="xs" size="xs" variant="light">
                          file
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {item.name}
                      <Text size="xs" c="dimmed">
                        {item.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(item.created_at)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={item.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(items.data.count, STAFF_PAGE_SIZE)}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            label="Inbox pages"
          />
        </>
      )}
    </Stack>
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
        <Tabs.Panel key={k} value={k}>
          <KindList kind={k} />
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}

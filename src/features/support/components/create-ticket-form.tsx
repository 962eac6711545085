import { Alert, Button, Card, Group, Select, Stack, Textarea, TextInput, Title } from '@mantine/core'
import { IconWifiOff } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { statusLabel } from '@/contract/status-colours'
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  DEFAULT_PRIORITY,
  DESCRIPTION_MAX,
  supportMessages,
  TICKET_PRIORITIES,
  TITLE_MAX,
  type TicketPriority,
} from '@/contract/support'
import { FilePicker, type FileRules } from '@/components/file-picker'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { useCategories } from '../api/get-categories'
import { createTicketError, useCreateTicket } from '../api/create-ticket'

export const attachmentRules: FileRules = {
  extensions: [...ATTACHMENT_EXTENSIONS],
  maxBytes: ATTACHMENT_MAX_BYTES,
  tooLargeMessage: supportMessages.attachmentTooLarge,
  badTypeMessage: supportMessages.attachmentBadType,
}
export const ATTACHMENT_HINT = 'PDF, DOC, DOCX, TXT, JPG, PNG or GIF, up to 10 MB'

interface Values {
  title: string
  description: string
  priority: TicketPriority
  category: string | null
  file: File | null
}
const empty: Values = { title: '', description: '', priority: DEFAULT_PRIORITY, category: null, file: null }

/** 'Create Ticket' (spec 001 §2, §4, §5): title and description required, priority medium by default. */
export function CreateTicketForm({
  projectId,
  onCreated,
}: {
  projectId: number
  onCreated: (id: number) => void
}) {
  const online = useOnline()
  const categories = useCategories()
  const create = useCreateTicket()
  const [values, setValues] = useState<Values>(empty)
  const [invalid, setInvalid] = useState(false)
  const filled = values.title !== '' && values.description !== ''
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!values.title.trim() || !values.description.trim()) {
      setInvalid(true)
      toast.error(supportMessages.requiredFields)
      return
    }
    try {
      const ticket = await create.mutateAsync({
        project: projectId,
        title: values.title,
        description: values.description,
        priority: values.priority,
        category: values.category ? Number(values.category) : null,
        file: values.file,
      })
      toast.success(supportMessages.created)
      setValues(empty)
      setInvalid(false)
      onCreated(ticket.id)
    } catch (error) {
      // What was typed stays in the form.
      toast.error(createTicketError(error), 5000)
    }
  }

  const busy = create.isPending
  return (
    <Card component="section" aria-label="Create a support ticket">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            New Support Ticket
          </Title>
          {!online && (
            <Alert color="yellow" icon={<IconWifiOff size={18} aria-hidden />} role="status">
              {supportMessages.offlineCreate}
            </Alert>
          )}
          <TextInput
            label="Title"
            required
            maxLength={TITLE_MAX}
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={invalid && !values.title.trim() ? supportMessages.requiredFields : undefined}
            disabled={busy}
          />
          <Textarea
            label="Description"
            required
            autosize
            minRows={4}
            maxLength={DESCRIPTION_MAX}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={invalid && !values.description.trim() ? supportMessages.requiredFields : undefined}
            disabled={busy}
          />
          <Group grow wrap="wrap" align="flex-start">
            <Select
              label="Priority"
              data={TICKET_PRIORITIES.map((p) => ({ value: p, label: statusLabel(p) }))}
              value={values.priority}
              allowDeselect={false}
              onChange={(p) => set('priority', TICKET_PRIORITIES.find((x) => x === p) ?? DEFAULT_PRIORITY)}
              disabled={busy}
              miw={180}
            />
            <Select
              label="Category"
              placeholder="Optional"
              clearable
              data={(categories.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={values.category}
              onChange={(c) => set('category', c)}
              disabled={busy}
              miw={180}
            />
          </Group>
          <FilePicker
            label="Attachment (optional)"
            hint={ATTACHMENT_HINT}
            rules={attachmentRules}
            value={values.file}
            onChange={(file) => set('file', file)}
            onError={(message) => toast.error(message)}
            disabled={busy || !online}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!filled || !online}>
              Submit Ticket
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}

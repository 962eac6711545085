import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { RecordHeader } from '@/components/staff/record-section'
import { useState, type FormEvent } from 'react'
import { LINK_TYPES, MILESTONE_STATUSES } from '@/contract/portal'
import { staffMessages } from '@/contract/staff'
import { staffProjectMessages, type StaffProjectDetail } from '@/contract/portal-staff'
import { statusLabel } from '@/contract/status-colours'
import { StatusBadge } from '@/components/status-badge'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { formatDate, formatUsd } from '@/lib/format'
import {
  addMilestone,
  addProjectLink,
  addProjectMember,
  deleteMilestone,
  deleteProjectLink,
  deleteProjectMember,
  updateMilestone,
  updateStaffProject,
  useProjectChange,
} from '../../api/change-client-project'
import { useStaffProject } from '../../api/get-staff-client-projects'
import { ClientProjectForm } from './client-project-form'

const errorText = (error: unknown) => (error instanceof Error ? error.message : staffMessages.saveFailed)

/** Runs a change and says how it went; the form keeps its input when it fails. */
async function attempt(run: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await run()
    toast.success(success, 3000)
    return true
  } catch (error) {
    toast.error(errorText(error), 5000)
    return false
  }
}

function Milestones({ project }: { project: StaffProjectDetail }) {
  const add = useProjectChange(addMilestone)
  const update = useProjectChange(updateMilestone)
  const remove = useProjectChange(deleteMilestone)
  const [title, setTitle] = useState('')
  const [amount, setAmount] = useState<number>(0)
  const [due, setDue] = useState('')
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!title.trim()) return
    const done = await attempt(
      () =>
        add.mutateAsync({
          project: project.id,
          input: { title, amount, due_date: due || null, description: '', status: 'pending' },
        }),
      staffProjectMessages.milestoneAdded,
    )
    if (done) {
      setTitle('')
      setAmount(0)
      setDue('')
    }
  }
  return (
    <Card withBorder>
      <Title order={3} size="h5" mb="sm">
        Milestones
      </Title>
      {project.milestones.length > 0 && (
        <Table mb="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {project.milestones.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{m.title}</Table.Td>
                <Table.Td>{formatUsd(m.amount)}</Table.Td>
                <Table.Td>{formatDate(m.due_date, '—')}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Status of ${m.title}`}
                    data={MILESTONE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
                    value={m.status}
                    onChange={(value) =>
                      value &&
                      void attempt(
                        () =>
                          update.mutateAsync({
                            id: m.id,
                            changes: { status: value as (typeof MILESTONE_STATUSES)[number] },
                          }),
                        staffProjectMessages.milestoneSaved,
                      )
                    }
                    allowDeselect={false}
                    w={130}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${m.title}`}
                    onClick={() =>
                      void attempt(() => remove.mutateAsync(m.id), staffProjectMessages.milestoneRemoved)
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form onSubmit={submit} aria-label="Add a milestone">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Milestone"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
          />
          <NumberInput
            label="Amount (USD)"
            min={0}
            decimalScale={2}
            value={amount}
            onChange={(v) => setAmount(typeof v === 'number' ? v : 0)}
            w={140}
          />
          <TextInput
            label="Due date"
            type="date"
            value={due}
            onChange={(e) => setDue(e.currentTarget.value)}
          />
          <Button type="submit" loading={add.isPending} disabled={!title.trim()}>
            Add milestone
          </Button>
        </Group>
      </form>
    </Card>
  )
}

function Links({ project }: { project: StaffProjectDetail }) {
  const add = useProjectChange(addProjectLink)
  const remove = useProjectChange(deleteProjectLink)
  const [type, setType] = useState<(typeof LINK_TYPES)[number]>('website')
  const [url, setUrl] = useState('')
  async function submit(event: FormEvent) {
    event.preventDefault()
    const done = await attempt(
      () => add.mutateAsync({ project: project.id, input: { link_type: type, url, title: '' } }),
      staffProjectMessages.linkAdded,
    )
    if (done) setUrl('')
  }
  return (
    <Card withBorder>
      <Title order={3} size="h5" mb="sm">
        Links
      </Title>
      <Stack gap={4} mb="sm">
        {project.links.map((l) => (
          <Group key={l.id} gap="xs">
            <Text size="sm">{statusLabel(l.link_type)}:</Text>
            <Anchor href={l.url} target="_blank" rel="noopener noreferrer" size="sm">
              {l.url}
            </Anchor>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove link ${l.url}`}
              onClick={() => void attempt(() => remove.mutateAsync(l.id), staffProjectMessages.linkRemoved)}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <form onSubmit={submit} aria-label="Add a link">
        <Group align="flex-end" gap="sm">
          <Select
            label="Type"
            data={LINK_TYPES.map((t) => ({ value: t, label: statusLabel(t) }))}
            value={type}
            onChange={(v) => v && setType(v as typeof type)}
            allowDeselect={false}
            w={150}
          />
          <TextInput
            label="Address"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            placeholder="https://"
          />
          <Button type="submit" variant="default" loading={add.isPending} disabled={!url.trim()}>
            Add link
          </Button>
        </Group>
      </form>
    </Card>
  )
}

function Team({ project }: { project: StaffProjectDetail }) {
  const add = useProjectChange(addProjectMember)
  const remove = useProjectChange(deleteProjectMember)
  const [name, setName] = useState('')
  const [role, setRole] = useState('')
  async function submit(event: FormEvent) {
    event.preventDefault()
    const done = await attempt(
      () => add.mutateAsync({ project: project.id, input: { full_name: name, role } }),
      staffProjectMessages.memberAdded,
    )
    if (done) {
      setName('')
      setRole('')
    }
  }
  return (
    <Card withBorder>
      <Title order={3} size="h5" mb="sm">
        Team
      </Title>
      <Stack gap={4} mb="sm">
        {project.members.map((m) => (
          <Group key={m.id} gap="xs">
            <Text size="sm">
              {m.full_name}
              {m.role && ` · ${m.role}`}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${m.full_name}`}
              onClick={() => void attempt(() => remove.mutateAsync(m.id), staffProjectMessages.memberRemoved)}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <form onSubmit={submit} aria-label="Add a team member">
        <Group align="flex-end" gap="sm">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label="Role" value={role} onChange={(e) => setRole(e.currentTarget.value)} />
          <Button type="submit" variant="default" loading={add.isPending} disabled={!name.trim()}>
            Add member
          </Button>
        </Group>
      </form>
    </Card>
  )
}

/** A project as staff run it: its facts (as the client sees them), milestones, links and team. */
export function ClientProjectPage({ id }: { id: number }) {
  const project = useStaffProject(id)
  const save = useProjectChange(updateStaffProject)
  if (project.isPending) return <LoadingPanel label="Loading project..." />
  if (project.isError)
    return <ErrorPanel message={errorText(project.error)} onRetry={() => void project.refetch()} />
  const p = project.data
  return (
    <Stack gap="md">
      <RecordHeader back="/staff/projects" backLabel="All projects" title={p.name}>
        <StatusBadge status={p.status} />
      </RecordHeader>
      <Text size="sm" c="dimmed">
        Budget {formatUsd(p.total_budget)} · paid {formatUsd(p.amount_paid)} (the sum of paid milestones)
      </Text>
      <Card withBorder>
        <ClientProjectForm
          key={p.id}
          project={p}
          submitLabel="Save project"
          pending={save.isPending}
          onSubmit={async (values) => {
            await save.mutateAsync({ id: p.id, changes: values })
            toast.success(staffProjectMessages.saved, 3000)
          }}
        />
      </Card>
      <Milestones project={p} />
      <Links project={p} />
      <Team project={p} />
    </Stack>
  )
}

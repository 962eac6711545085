import {
  Alert,
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
import { useState, type FormEvent } from 'react'
import {
  DEFAULT_PRIORITY,
  DEFAULT_TTL,
  DNS_RECORD_TYPES,
  DNS_TEMPLATES,
  domainMessages,
  recordHasPriority,
  recordValueProblem,
  templateRecords,
  type DnsRecordType,
} from '@/contract/domains'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useApplyDnsTemplate } from '../api/apply-dns-template'
import { useCreateDnsRecord } from '../api/create-dns-record'
import { useDeleteDnsRecord } from '../api/delete-dns-record'
import { useDnsRecords } from '../api/get-dns-records'

const message = (error: Error, fallback: string) =>
  error instanceof ApiError && error.body ? error.message : fallback

/** The dns tab (spec 002 §2.5, §5): records, the add form with per-type checks, delete, and templates. */
export function DnsTab({
  domainId,
  domainName,
  online,
}: {
  domainId: number
  domainName: string
  online: boolean
}) {
  const records = useDnsRecords(domainId)
  const create = useCreateDnsRecord(domainId)
  const remove = useDeleteDnsRecord(domainId)
  const apply = useApplyDnsTemplate(domainId)
  const [type, setType] = useState<DnsRecordType>('A')
  const [host, setHost] = useState('')
  const [value, setValue] = useState('')
  const [ttl, setTtl] = useState<number | string>(DEFAULT_TTL)
  const [priority, setPriority] = useState<number | string>(DEFAULT_PRIORITY)
  const [template, setTemplate] = useState<string | null>(null)
  const [githubUser, setGithubUser] = useState('')
  const chosen = DNS_TEMPLATES.find((t) => t.id === template)

  const add = (event: FormEvent) => {
    event.preventDefault()
    if (!host.trim() || !value.trim()) {
      toast.error(domainMessages.fillRequired)
      return
    }
    const problem = recordValueProblem(type, value.trim())
    if (problem) {
      toast.error(problem)
      return
    }
    create.mutate(
      {
        domain: domainId,
        type,
        host: host.trim(),
        value: value.trim(),
        ttl: ttl === '' ? DEFAULT_TTL : Number(ttl),
        ...(recordHasPriority(type)
          ? { priority: priority === '' ? DEFAULT_PRIORITY : Number(priority) }
          : {}),
      },
      {
        onSuccess: () => {
          toast.success(domainMessages.recordAdded)
          setHost('')
          setValue('')
        },
        onError: (error) => toast.error(message(error, domainMessages.recordAddFailed)),
      },
    )
  }

  const del = (id: number) => {
    if (!window.confirm(domainMessages.confirmDeleteRecord)) return
    remove.mutate(id, {
      onSuccess: () => toast.success(domainMessages.recordDeleted),
      onError: () => toast.error(domainMessages.recordDeleteFailed),
    })
  }

  let list
  if (records.isError && !records.data)
    list = (
      <ErrorPanel
        title="DNS records"
        message={records.error.message}
        onRetry={() => void records.refetch()}
      />
    )
  else if (!records.data) list = <LoadingPanel label="Loading DNS records..." />
  else if (records.data.results.length === 0) list = <Text c="dimmed">No DNS records yet.</Text>
  else
    list = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="dns-records">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>Host</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th>TTL</Table.Th>
              <Table.Th>Priority</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.data.results.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.type}</Table.Td>
                <Table.Td>{r.host}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{r.value}</Table.Td>
                <Table.Td>{r.ttl}</Table.Td>
                <Table.Td>{r.priority ?? '—'}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={`Delete ${r.type} record ${r.host}`}
                    disabled={!online}
                    onClick={() => del(r.id)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    )

  return (
    <Stack gap="lg">
      <Card padding="lg">{list}</Card>
      {/* noValidate: the browser's own bubble would hide the spec's 'Please fill in all required fields'. */}
      <Card padding="lg" component="form" onSubmit={add} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4">
            Add DNS Record
          </Title>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select
              label="Type"
              data={[...DNS_RECORD_TYPES]}
              value={type}
              onChange={(v) => setType(DNS_RECORD_TYPES.find((t) => t === v) ?? 'A')}
              allowDeselect={false}
              w={110}
            />
            <TextInput
              label="Host"
              required
              placeholder="@ or www"
              value={host}
              onChange={(e) => setHost(e.currentTarget.value)}
              w={160}
            />
            <TextInput
              label="Value"
              required
              placeholder={type === 'MX' ? 'mail.example.com' : type === 'A' ? '192.0.2.10' : ''}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              style={{ flex: '1 1 200px' }}
            />
            <NumberInput label="TTL" value={ttl} onChange={setTtl} min={300} allowDecimal={false} w={110} />
            {recordHasPriority(type) && (
              <NumberInput
                label="Priority"
                value={priority}
                onChange={setPriority}
                min={0}
                max={65535}
                allowDecimal={false}
                w={100}
              />
            )}
            <Button type="submit" loading={create.isPending} disabled={!online}>
              Add Record
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card padding="lg">
        <Stack gap="sm">
          <Title order={3} size="h4">
            DNS templates
          </Title>
          <Text size="sm" c="dimmed">
            Add the records a common mail or site host needs in one click. Check the preview first.
          </Text>
          <Select
            label="Template"
            placeholder="Choose a template"
            data={DNS_TEMPLATES.map((t) => ({ value: t.id, label: t.name }))}
            value={template}
            onChange={setTemplate}
            w={{ base: '100%', sm: 300 }}
          />
          {chosen && (
            <Stack gap="xs" data-testid="template-preview">
              <Text size="sm">{chosen.description}</Text>
              {chosen.id === 'github-pages' && (
                <TextInput
                  label="GitHub user or organisation"
                  value={githubUser}
                  onChange={(e) => setGithubUser(e.currentTarget.value)}
                  w={300}
                />
              )}
              {templateRecords(chosen, domainName, githubUser || '{github_user}').map((r, i) => (
                <Text key={i} size="sm" ff="monospace">
                  {r.type} {r.host} {r.priority !== undefined ? `${r.priority} ` : ''}
                  {r.value}
                </Text>
              ))}
              <Button
                w="fit-content"
                loading={apply.isPending}
                disabled={!online}
                onClick={() =>
                  apply.mutate(
                    { template: chosen.id, github_user: githubUser },
                    {
                      onSuccess: () => {
                        toast.success(domainMessages.recordAdded)
                        setTemplate(null)
                      },
                      onError: (error) => toast.error(message(error, domainMessages.recordAddFailed)),
                    },
                  )
                }
              >
                Apply Template
              </Button>
            </Stack>
          )}
        </Stack>
      </Card>
      {!online && <Alert color="yellow">{domainMessages.offline}</Alert>}
    </Stack>
  )
}

import { Button, Card, Group, NumberInput, Select, Stack, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import {
  checkDnsRecord,
  recordHasPriority,
  newSetProblems,
  type DnsFieldProblems,
  type DnsRecordFields,
} from '@/contract/dns-records'
import {
  DEFAULT_PRIORITY,
  DEFAULT_TTL,
  DNS_RECORD_TYPES,
  domainMessages,
  type DnsRecord,
  type DnsRecordType,
} from '@/contract/domains'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useCreateDnsRecord } from '../api/create-dns-record'
import { useUpdateDnsRecord } from '../api/update-dns-record'

const PLACEHOLDERS: Record<DnsRecordType, string> = {
  A: '192.0.2.10',
  AAAA: '2001:db8::1',
  CNAME: 'shop.example.net',
  MX: 'mail.example.com',
  TXT: 'v=spf1 include:_spf.example.net ~all',
  NS: 'ns1.example.net',
  SRV: '5 5060 sip.example.com',
  CAA: '0 issue "letsencrypt.org"',
}

const asType = (type: string): DnsRecordType | null => DNS_RECORD_TYPES.find((t) => t === type) ?? null

/** The records as the rules between records read them (types we do not know are left out). */
export function recordFields(records: readonly DnsRecord[]): (DnsRecordFields & { id: number })[] {
  return records.flatMap((r) => {
    const type = asType(r.type)
    return type ? [{ id: r.id, type, host: r.host, value: r.value, ttl: r.ttl, priority: r.priority }] : []
  })
}

/**
 * The add and edit form of the dns tab: the contract's rules run before anything is sent, and each
 * message shows next to its field (the server answers the same messages for the same fields).
 */
export function DnsRecordForm({
  domainId,
  domainName,
  records,
  editing,
  onDone,
  online,
}: {
  domainId: number
  domainName: string
  records: readonly DnsRecord[]
  /** The record being edited; the form adds a new one when null. */
  editing: DnsRecord | null
  onDone: () => void
  online: boolean
}) {
  const create = useCreateDnsRecord(domainId)
  const update = useUpdateDnsRecord(domainId)
  const [type, setType] = useState<DnsRecordType>(asType(editing?.type ?? '') ?? 'A')
  const [host, setHost] = useState(editing?.host ?? '')
  const [value, setValue] = useState(editing?.value ?? '')
  const [ttl, setTtl] = useState<number | string>(editing?.ttl ?? DEFAULT_TTL)
  const [priority, setPriority] = useState<number | string>(editing?.priority ?? DEFAULT_PRIORITY)
  const [problems, setProblems] = useState<DnsFieldProblems>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!host.trim() || !value.trim()) {
      setProblems({})
      toast.error(domainMessages.fillRequired)
      return
    }
    const check = checkDnsRecord({ type, host, value, ttl, priority }, domainName)
    if (check.problems) {
      setProblems(check.problems)
      return
    }
    const before = recordFields(records)
    const after = editing
      ? before.map((r) => (r.id === editing.id ? { ...check.record, id: r.id } : r))
      : [...before, { ...check.record, id: 0 }]
    const [clash] = newSetProblems(before, after, domainName).values()
    if (clash) {
      setProblems({ [clash.field]: clash.message })
      return
    }
    setProblems({})
    const body = {
      domain: domainId,
      type,
      host: host.trim(),
      value: value.trim(),
      ttl: ttl === '' ? DEFAULT_TTL : Number(ttl),
      ...(recordHasPriority(type) ? { priority: priority === '' ? DEFAULT_PRIORITY : Number(priority) } : {}),
    }
    const onError = (error: Error, fallback: string) => {
      if (error instanceof ApiError) {
        const fields = error.fields
        setProblems({
          host: fields.host?.[0],
          value: fields.value?.[0],
          ttl: fields.ttl?.[0],
          priority: fields.priority?.[0],
        })
      }
      toast.error(error instanceof ApiError && error.body ? error.message : fallback)
    }
    if (editing)
      update.mutate(
        { id: editing.id, record: body },
        {
          onSuccess: () => {
            toast.success('DNS record updated successfully')
            onDone()
          },
          onError: (error) => onError(error, 'Failed to update DNS record'),
        },
      )
    else
      create.mutate(body, {
        onSuccess: () => {
          toast.success(domainMessages.recordAdded)
          setHost('')
          setValue('')
        },
        onError: (error) => onError(error, domainMessages.recordAddFailed),
      })
  }

  return (
    // noValidate: the browser's own bubble would hide the spec's 'Please fill in all required fields'.
    <Card padding="lg" component="form" onSubmit={submit} noValidate data-testid="dns-record-form">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {editing ? 'Edit DNS Record' : 'Add DNS Record'}
        </Title>
        <Group align="flex-start" wrap="wrap" gap="sm">
          <Select
            label="Type"
            data={[...DNS_RECORD_TYPES]}
            value={type}
            onChange={(v) => {
              setType(asType(v ?? '') ?? 'A')
              setProblems({})
            }}
            allowDeselect={false}
            w={110}
          />
          <TextInput
            label="Host"
            required
            placeholder="@ or www"
            value={host}
            onChange={(e) => setHost(e.currentTarget.value)}
            error={problems.host}
            w={{ base: '100%', sm: 200 }}
          />
          <TextInput
            label="Value"
            required
            placeholder={PLACEHOLDERS[type]}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={problems.value}
            style={{ flex: '1 1 240px' }}
          />
          <NumberInput
            label="TTL"
            value={ttl}
            onChange={setTtl}
            min={300}
            allowDecimal={false}
            error={problems.ttl}
            w={120}
          />
          {recordHasPriority(type) && (
            <NumberInput
              label="Priority"
              value={priority}
              onChange={setPriority}
              min={0}
              max={65535}
              allowDecimal={false}
              error={problems.priority}
              w={110}
            />
          )}
        </Group>
        <Group gap="sm">
          <Button type="submit" loading={create.isPending || update.isPending} disabled={!online}>
            {editing ? 'Save Changes' : 'Add Record'}
          </Button>
          {editing && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  )
}

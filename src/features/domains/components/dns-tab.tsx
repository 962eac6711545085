import { Alert, Button, Card, Group, Stack, Table, Text } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { domainMessages, type DnsRecord } from '@/contract/domains'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { useDeleteDnsRecord } from '../api/delete-dns-record'
import { useDnsRecords } from '../api/get-dns-records'
import { DnsRecordForm } from './dns-record-form'
import { DnsHistoryCard } from './dns-history-card'
import { DnsTemplates } from './dns-templates'
import { EmailHealthCard } from './email-health-card'
import { ZoneFileCard } from './zone-file-card'

/**
 * The dns tab (spec 002 §2.5, §5; issue 29): records with edit and delete, the add form with the shared
 * per-type rules, templates, the e-mail health check, zone file download and import, and the change
 * history with restore.
 */
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
  const remove = useDeleteDnsRecord(domainId)
  const [editing, setEditing] = useState<DnsRecord | null>(null)

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
      <Table.ScrollContainer minWidth={620}>
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
                  <Group gap={0} wrap="nowrap">
                    <Button
                      variant="subtle"
                      size="xs"
                      aria-label={`Edit ${r.type} record ${r.host}`}
                      disabled={!online}
                      onClick={() => setEditing(r)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </Button>
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
                  </Group>
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
      <DnsRecordForm
        key={editing?.id ?? 'new'}
        domainId={domainId}
        domainName={domainName}
        records={records.data?.results ?? []}
        editing={editing}
        onDone={() => setEditing(null)}
        online={online}
      />
      <DnsTemplates domainId={domainId} domainName={domainName} online={online} />
      <EmailHealthCard domainId={domainId} online={online} />
      <ZoneFileCard domainId={domainId} domainName={domainName} online={online} />
      <DnsHistoryCard domainId={domainId} online={online} />
      {!online && <Alert color="yellow">{domainMessages.offline}</Alert>}
    </Stack>
  )
}

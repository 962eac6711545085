import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { zoneMessages, type DnsChangePreview, type DnsVersion } from '@/contract/dns-zone'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { useDnsHistory } from '../api/get-dns-history'
import { useRestoreDnsVersion } from '../api/restore-dns-version'
import { DnsChangePreviewList } from './dns-change-preview'

const message = (error: Error, fallback: string) =>
  error instanceof ApiError && error.body ? error.message : fallback

/** Every change to the records as a version (who, when, what); one is restored after a preview. */
export function DnsHistoryCard({ domainId, online }: { domainId: number; online: boolean }) {
  const history = useDnsHistory(domainId)
  const restore = useRestoreDnsVersion(domainId)
  const [chosen, setChosen] = useState<{ version: DnsVersion; preview: DnsChangePreview } | null>(null)

  const previewRestore = (version: DnsVersion) =>
    restore.mutate(
      { version: version.number, dry_run: true },
      {
        onSuccess: (preview) => setChosen({ version, preview }),
        onError: (error) => toast.error(message(error, zoneMessages.restoreFailed)),
      },
    )

  const applyRestore = () => {
    if (!chosen) return
    restore.mutate(
      { version: chosen.version.number, dry_run: false, base_version: chosen.preview.version },
      {
        onSuccess: () => {
          toast.success(zoneMessages.restored)
          setChosen(null)
        },
        onError: (error) => {
          toast.error(message(error, zoneMessages.restoreFailed))
          setChosen(null)
        },
      },
    )
  }

  let body
  if (history.isError && !history.data)
    body = (
      <ErrorPanel
        title="Change history"
        message={history.error.message}
        onRetry={() => void history.refetch()}
      />
    )
  else if (!history.data) body = <LoadingPanel label="Loading the change history..." />
  else if (history.data.results.length === 0)
    body = (
      <Text c="dimmed">
        No changes yet. Each change to the records will be listed here and can be undone.
      </Text>
    )
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table data-testid="dns-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.results.map((v) => (
              <Table.Tr key={v.number}>
                <Table.Td>{v.number}</Table.Td>
                <Table.Td>{formatDateTime(v.created_at)}</Table.Td>
                <Table.Td>{v.actor ?? '—'}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{v.summary}</Table.Td>
                <Table.Td>
                  {v.current ? (
                    <Badge variant="light">Current</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      disabled={!online}
                      loading={
                        restore.isPending &&
                        restore.variables.version === v.number &&
                        restore.variables.dry_run
                      }
                      aria-label={`Restore version ${v.number}`}
                      onClick={() => previewRestore(v)}
                    >
                      Restore
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    )

  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Change history
        </Title>
        {body}
        {history.data && history.data.count > history.data.results.length && (
          <Text size="sm" c="dimmed">
            The newest {history.data.results.length} of {history.data.count} versions are listed.
          </Text>
        )}
        {chosen && (
          <Stack gap="sm">
            <Text fw={600}>Restoring version {chosen.version.number} would make these changes:</Text>
            <DnsChangePreviewList preview={chosen.preview} testId="restore-preview" />
            <Group gap="sm">
              <Button
                onClick={applyRestore}
                loading={restore.isPending && !restore.variables.dry_run}
                disabled={!online || !chosen.preview.valid}
              >
                Restore this version
              </Button>
              <Button variant="default" onClick={() => setChosen(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  )
}

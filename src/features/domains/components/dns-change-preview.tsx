import { Badge, Group, List, Stack, Text } from '@mantine/core'
import type { DnsChangePreview, DnsRecordText } from '@/contract/dns-zone'

const line = (r: DnsRecordText) =>
  `${r.type} ${r.host} ${r.priority !== null ? `${r.priority} ` : ''}${r.value}${r.ttl !== null ? ` (TTL ${r.ttl})` : ''}`

function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null
  return (
    <Text size="sm" c="red" component="span" display="block">
      {problems.join(' ')}
    </Text>
  )
}

/** What an import or a restore would do (or did): added, removed and changed records, each with its problems. */
export function DnsChangePreviewList({ preview, testId }: { preview: DnsChangePreview; testId: string }) {
  const nothing = preview.added.length === 0 && preview.removed.length === 0 && preview.changed.length === 0
  return (
    <Stack gap="xs" data-testid={testId}>
      <Group gap="xs">
        <Badge color="green" variant="light">
          {preview.added.length} added
        </Badge>
        <Badge color="red" variant="light">
          {preview.removed.length} removed
        </Badge>
        <Badge color="yellow" variant="light">
          {preview.changed.length} changed
        </Badge>
        <Badge color="gray" variant="light">
          {preview.unchanged} unchanged
        </Badge>
      </Group>
      {nothing && preview.errors.length === 0 && <Text size="sm">Nothing would change.</Text>}
      {preview.errors.length > 0 && (
        <List size="sm" c="red" aria-label="Problems">
          {preview.errors.map((e, i) => (
            <List.Item key={i}>{e.line > 0 ? `Line ${e.line}: ${e.message}` : e.message}</List.Item>
          ))}
        </List>
      )}
      <List size="sm" spacing={4} listStyleType="none" ff="monospace">
        {preview.added.map((a, i) => (
          <List.Item key={`a${i}`} data-change="added">
            + {line(a.record)}
            {a.line !== null && (
              <Text span c="dimmed">
                {' '}
                (line {a.line})
              </Text>
            )}
            <Problems problems={a.problems} />
          </List.Item>
        ))}
        {preview.removed.map((r, i) => (
          <List.Item key={`r${i}`} data-change="removed">
            − {line(r.record)}
          </List.Item>
        ))}
        {preview.changed.map((c, i) => (
          <List.Item key={`c${i}`} data-change="changed">
            ~ {line(c.before)} → {line(c.after)}
            <Problems problems={c.problems} />
          </List.Item>
        ))}
      </List>
      {preview.notes.length > 0 && (
        <List size="xs" c="dimmed">
          {preview.notes.map((n, i) => (
            <List.Item key={i}>{`Line ${n.line}: ${n.message}`}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  )
}

export const previewChanges = (preview: DnsChangePreview) =>
  preview.added.length + preview.removed.length + preview.changed.length

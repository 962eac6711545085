import { ActionIcon, Code, Group, Text, Tooltip } from '@mantine/core'
import { IconEye, IconEyeOff } from '@tabler/icons-react'
import { useState } from 'react'
import { API_KEY_VISIBLE, appMessages } from '@/contract/apps'

/** The key masked to its first 8 characters, with the spec's show/hide toggle. */
export function ApiKeyField({ apiKey }: { apiKey: string | null }) {
  const [shown, setShown] = useState(false)
  if (!apiKey) return <Text size="sm">{appMessages.apiKeyMissing}</Text>
  const masked = `${apiKey.slice(0, API_KEY_VISIBLE)}${'•'.repeat(16)}`
  return (
    <Group gap="xs" wrap="nowrap">
      <Code data-testid="app-api-key" style={{ wordBreak: 'break-all' }}>
        {shown ? apiKey : masked}
      </Code>
      <Tooltip label={shown ? 'Hide API key' : 'Show API key'}>
        <ActionIcon
          variant="subtle"
          onClick={() => setShown(!shown)}
          aria-label={shown ? 'Hide API key' : 'Show API key'}
        >
          {shown ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}

import { ActionIcon, Code, Group, Text, Tooltip } from '@mantine/core'
import { IconEye, IconEyeOff } from '@tabler/icons-react'
import { useState } from 'react'
import { API_KEY_VISIBLE, appMessages } from '@/contract/apps'
import { toast } from '@/components/toast'
import { getApp } from '../api/get-app'
import { API_KEY_MASK, isMaskedApiKey } from '../api-key'

/**
 * The key masked to its first 8 characters, with the spec's show/hide toggle. Data read from the
 * offline copy holds the key masked: showing it fetches the key from the server then.
 */
export function ApiKeyField({ appId, apiKey }: { appId: number; apiKey: string | null }) {
  const [shown, setShown] = useState(false)
  const [fetched, setFetched] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  if (!apiKey) return <Text size="sm">{appMessages.apiKeyMissing}</Text>
  const masked = `${apiKey.slice(0, API_KEY_VISIBLE)}${API_KEY_MASK}`
  const full = isMaskedApiKey(apiKey) ? fetched : apiKey

  async function toggle() {
    if (shown || full) return setShown(!shown)
    setLoading(true)
    try {
      const key = (await getApp(appId)).api_key
      setFetched(key)
      setShown(key !== null)
    } catch {
      toast.error(appMessages.detailsFailed)
    } finally {
      setLoading(false)
    }
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Code data-testid="app-api-key" style={{ wordBreak: 'break-all' }}>
        {shown && full ? full : masked}
      </Code>
      <Tooltip label={shown ? 'Hide API key' : 'Show API key'}>
        <ActionIcon
          variant="subtle"
          loading={loading}
          onClick={() => void toggle()}
          aria-label={shown ? 'Hide API key' : 'Show API key'}
        >
          {shown ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}

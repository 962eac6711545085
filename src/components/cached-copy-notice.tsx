import { Alert, Button, Group, Text } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { formatDateTime } from '@/lib/format'

/**
 * Shown above data that could not be refreshed: the error, and that what follows is the copy saved
 * at `savedAt` (never sample data in its place).
 */
export function CachedCopyNotice({
  message,
  savedAt,
  onRetry,
}: {
  message: string
  savedAt: number
  onRetry: () => void
}) {
  return (
    <Alert color="yellow" variant="light" icon={<IconHistory size={18} aria-hidden />} role="alert">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Text size="sm" fw={600}>
            {message}
          </Text>
          <Text size="sm" data-testid="cached-copy-label">
            Showing the copy saved on {formatDateTime(new Date(savedAt))} (cached).
          </Text>
        </div>
        <Button size="xs" variant="light" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  )
}

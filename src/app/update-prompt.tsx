import { Button, Group, Text } from '@mantine/core'
import { requestNotificationsHost } from '@/components/notifications-host'

/** The service worker's "new version ready" toast; it stays until the user reloads or dismisses it. */
export async function showUpdatePrompt(apply: () => Promise<void>) {
  requestNotificationsHost()
  const { notifications } = await import('@mantine/notifications')
  notifications.show({
    id: 'app-update',
    closeButtonProps: { 'aria-label': 'Close notification' },
    autoClose: false,
    color: 'signal',
    title: 'Update available',
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">A new version of the site is ready.</Text>
        <Button size="xs" onClick={() => void apply()}>
          Reload
        </Button>
      </Group>
    ),
  })
}

export async function showOfflineReady() {
  requestNotificationsHost()
  const { notifications } = await import('@mantine/notifications')
  notifications.show({
    color: 'signal',
    autoClose: 4000,
    closeButtonProps: { 'aria-label': 'Close notification' },
    message: 'Ready to work offline: visited portal pages stay readable without a connection.',
  })
}

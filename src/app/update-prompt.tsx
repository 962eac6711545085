import { Button, Group, Stack, Text } from '@mantine/core'
import { requestNotificationsHost } from '@/components/notifications-host'
import { hasUnsavedInput } from './unsaved-input'

export const UNSAVED_INPUT_TEXT =
  'You have unsaved input on this page. Send or clear it first; reloading now would lose it.'

/**
 * The service worker's "new version ready" toast; it stays until the user reloads or dismisses it.
 * Reload never throws away what the user typed and has not sent.
 */
export async function showUpdatePrompt(apply: () => Promise<void>, how: 'reload' | 'restart' = 'reload') {
  requestNotificationsHost()
  const { notifications } = await import('@mantine/notifications')
  const reload = () => {
    if (hasUnsavedInput()) {
      notifications.update({ ...prompt, message: body(UNSAVED_INPUT_TEXT) })
      return
    }
    void apply()
  }
  const body = (note?: string) => (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">
          {how === 'restart' ? 'A new version of the app is ready.' : 'A new version of the site is ready.'}
        </Text>
        <Button size="xs" onClick={reload}>
          {how === 'restart' ? 'Restart to update' : 'Reload'}
        </Button>
      </Group>
      {note && (
        <Text size="sm" c="yellow.4" role="alert">
          {note}
        </Text>
      )}
    </Stack>
  )
  const prompt = {
    id: 'app-update',
    closeButtonProps: { 'aria-label': 'Close notification' },
    autoClose: false,
    color: 'signal',
    title: 'Update available',
    message: body(),
  }
  notifications.show(prompt)
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

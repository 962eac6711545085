import { Alert, Button, Group, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState, useSyncExternalStore } from 'react'
import { installPrompt } from '@/lib/install-prompt'
import { localStore } from '@/lib/storage'

const DISMISSED_KEY = 'installOfferDismissed'

/** In the portal, where the browser offers installation: install the app, or not now (remembered). */
export function InstallAppOffer() {
  const offer = useSyncExternalStore(installPrompt.subscribe, installPrompt.current, () => null)
  const [dismissed, setDismissed] = useState(() => localStore.get(DISMISSED_KEY) === '1')
  if (!offer || dismissed) return null
  return (
    <Alert
      variant="light"
      color="teal"
      role="status"
      icon={<IconDownload size={18} aria-hidden />}
      mx="md"
      mt="md"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">Install the Cypher app on this device to open your portal from the home screen.</Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => void installPrompt.install()}>
            Install app
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              localStore.set(DISMISSED_KEY, '1')
              setDismissed(true)
            }}
          >
            Not now
          </Button>
        </Group>
      </Group>
    </Alert>
  )
}

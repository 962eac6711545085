import { Center, Stack, Text, Title } from '@mantine/core'
import { IconCloudOff } from '@tabler/icons-react'

/**
 * A portal view with nothing saved for offline reading yet: it loads by itself once the connection is
 * back (queries resume on reconnect).
 */
export function OfflinePanel({ what = 'This page' }: { what?: string }) {
  return (
    <Center py={56} px="md">
      <Stack align="center" gap="xs" maw={440} ta="center" role="status">
        <IconCloudOff size={40} color="var(--mantine-color-yellow-5)" aria-hidden />
        <Title order={2} size="h4">
          You are offline
        </Title>
        <Text c="dimmed">
          {what} has not been saved for offline reading yet. It will load as soon as you are back online.
        </Text>
      </Stack>
    </Center>
  )
}

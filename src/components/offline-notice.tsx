import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { IconWifiOff } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useOnline } from './use-online'

/** Marketing pages need the network; offline they show this notice instead of failing requests. */
export function OnlineOnly({ children }: { children: ReactNode }) {
  const online = useOnline()
  if (online) return <>{children}</>
  return <OfflineNotice />
}

export function OfflineNotice() {
  return (
    <Center py={120} px="md">
      <Stack align="center" gap="sm" maw={460} ta="center" role="status">
        <IconWifiOff size={48} aria-hidden color="var(--mantine-color-yellow-5)" />
        <Title order={1} size="h2">
          You are offline
        </Title>
        <Text c="dimmed">
          This page needs an internet connection. The client portal screens you have opened while signed in
          (dashboard, projects, tickets, apps, domains, wallet, billing history and settings) stay readable
          offline; comments you write are sent once you are back online.
        </Text>
        <Button variant="light" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </Stack>
    </Center>
  )
}

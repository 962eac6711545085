import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { messages } from '@/contract/messages'

/** The root error boundary's screen (spec 002 §2.11): any unhandled render error ends here. */
export function CrashScreen() {
  return (
    <Center mih="100vh" p="md" role="alert">
      <Stack align="center" gap="md" maw={420} ta="center">
        <IconAlertTriangle size={56} color="var(--mantine-color-red-5)" aria-hidden />
        <Title order={1} size="h2">
          {messages.crashTitle}
        </Title>
        <Text c="dimmed">An unexpected error stopped this screen. Reloading usually fixes it.</Text>
        <Button size="md" onClick={() => window.location.reload()}>
          {messages.crashReload}
        </Button>
      </Stack>
    </Center>
  )
}

import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/** A failed load with nothing to show: the message and a way to try again (reloads by default). */
export function ErrorPanel({
  title = 'Something went wrong',
  message,
  onRetry = () => window.location.reload(),
  retryLabel = 'Try Again',
  children,
}: {
  title?: string
  message?: string | undefined
  onRetry?: () => void
  retryLabel?: string
  children?: ReactNode
}) {
  return (
    <Center py={64} px="md">
      <Stack align="center" gap="sm" maw={480} ta="center" role="alert">
        <IconAlertTriangle size={44} color="var(--mantine-color-red-5)" aria-hidden />
        <Title order={2} size="h3">
          {title}
        </Title>
        {message && <Text c="dimmed">{message}</Text>}
        <Button variant="light" onClick={onRetry}>
          {retryLabel}
        </Button>
        {children}
      </Stack>
    </Center>
  )
}

export function EmptyState({
  title,
  message,
  action,
}: {
  title: string
  message?: string
  action?: ReactNode
}) {
  return (
    <Center py={56} px="md">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <IconInbox size={44} color="var(--mantine-color-dark-2)" aria-hidden />
        <Title order={2} size="h4">
          {title}
        </Title>
        {message && <Text c="dimmed">{message}</Text>}
        {action}
      </Stack>
    </Center>
  )
}

export function LoadingPanel({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py={64} role="status">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  )
}

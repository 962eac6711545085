import { Button, Container, Loader, Stack, Text, Title } from '@mantine/core'
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { accountMessages } from '@/contract/accounts'
import { ApiError } from '@/lib/api-client'
import { useConfirmEmailChange } from '../api/confirm-email-change'

/** Opened from the link in the e-mail to the new address, by the signed-in owner. */
export function ConfirmEmailPage({ token }: { token: string | undefined }) {
  const confirm = useConfirmEmailChange()
  const sent = useRef(false)
  const { mutate } = confirm
  useEffect(() => {
    if (sent.current || !token) return
    sent.current = true
    mutate(token)
  }, [token, mutate])

  const failed = !token || confirm.isError
  const message = confirm.error instanceof ApiError ? confirm.error.message : accountMessages.invalidEmailLink
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center" role="status">
        {confirm.isSuccess ? (
          <>
            <IconCircleCheck size={48} color="var(--mantine-color-signal-5)" aria-hidden />
            <Title order={1} size="h2">
              {accountMessages.emailChanged}
            </Title>
            <Text c="dimmed">You now sign in with {confirm.data.email}.</Text>
          </>
        ) : failed ? (
          <>
            <IconAlertTriangle size={48} color="var(--mantine-color-red-5)" aria-hidden />
            <Title order={1} size="h2">
              The email address was not changed
            </Title>
            <Text c="dimmed">{token ? message : accountMessages.invalidEmailLink}</Text>
          </>
        ) : (
          <>
            <Loader />
            <Text>Confirming your new email address...</Text>
          </>
        )}
        <Button component={Link} to="/settings" variant="light">
          Back to settings
        </Button>
      </Stack>
    </Container>
  )
}

import { Button, Container, Loader, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { verifyEmailMessages } from '@/contract/auth'
import { ApiError } from '@/lib/api-client'
import { useVerifyEmail } from '../api/verify-email'

/** Opened from the link in the welcome e-mail; works signed in or not, on any device. */
export function VerifyEmailPage({ token }: { token: string | undefined }) {
  const verify = useVerifyEmail()
  const sent = useRef(false)
  const { mutate } = verify
  useEffect(() => {
    if (sent.current || !token) return
    sent.current = true
    mutate(token)
  }, [token, mutate])

  const failed = !token || verify.isError
  const message = verify.error instanceof ApiError ? verify.error.message : verifyEmailMessages.invalidLink
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center" role="status">
        {verify.isSuccess ? (
          <>
            <IconCircleCheck size={48} color="var(--mantine-color-signal-5)" aria-hidden />
            <Title order={1} size="h2">
              {verifyEmailMessages.verified}
            </Title>
            <Text c="dimmed">{verify.data.email} is confirmed. Thank you.</Text>
          </>
        ) : failed ? (
          <>
            <IconAlertTriangle size={48} color="var(--mantine-color-red-5)" aria-hidden />
            <Title order={1} size="h2">
              The email address was not verified
            </Title>
            <Text c="dimmed">{token ? message : verifyEmailMessages.invalidLink}</Text>
          </>
        ) : (
          <>
            <Loader />
            <Text>Verifying your email address...</Text>
          </>
        )}
        <Button component={Link} to="/dashboard" variant="light">
          Go to your dashboard
        </Button>
      </Stack>
    </Container>
  )
}

import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconMailExclamation } from '@tabler/icons-react'
import { verifyEmailMessages } from '@/contract/auth'
import { ApiError } from '@/lib/api-client'
import { useMe } from '@/lib/account'
import { useResendVerification } from '../api/resend-verification'

/**
 * The portal's notice while a client's address is not verified (issue 24): the portal works as usual,
 * and "Resend verification e-mail" asks for a new link (the server limits how often). Once sent, the
 * button rests, so one banner sends one mail; a refusal (too many requests) shows why and allows a retry.
 */
export function EmailVerificationBanner() {
  const me = useMe()
  const resend = useResendVerification()
  const account = me.data
  if (!account || account.role !== 'client' || account.email_verified) return null
  const failure =
    resend.error instanceof ApiError
      ? resend.error.message
      : resend.error
        ? verifyEmailMessages.resendFailed
        : null
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation size={20} aria-hidden />}
      title={verifyEmailMessages.notVerified}
      data-testid="email-verification-banner"
    >
      <Stack gap="xs">
        <Text size="sm">{verifyEmailMessages.notVerifiedLead(account.email)}</Text>
        <Group gap="sm">
          <Button
            size="xs"
            variant="default"
            loading={resend.isPending}
            disabled={resend.isSuccess}
            onClick={() => resend.mutate()}
          >
            {verifyEmailMessages.resend}
          </Button>
          {resend.isSuccess && (
            <Text size="sm" role="status">
              {resend.data.detail}
            </Text>
          )}
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
        </Group>
      </Stack>
    </Alert>
  )
}

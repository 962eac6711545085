import { Alert, Container, Stack, Text, Title } from '@mantine/core'
import { IconWifiOff } from '@tabler/icons-react'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { personalWordsOf } from '@/contract/password'
import { LoadingPanel, ErrorPanel } from '@/components/status-panels'
import { useOnline } from '@/components/use-online'
import { EmailCard } from '@/features/accounts/components/email-card'
import { ProfileCard } from '@/features/accounts/components/profile-card'
import { PasswordCard } from '@/features/auth/components/password-card'
import { SessionsCard } from '@/features/auth/components/sessions-card'
import { TwoFactorCard } from '@/features/auth/components/two-factor-card'
import { useMe } from '@/lib/account'

export const Route = createFileRoute('/_portal/settings')({
  component: function SettingsRoute() {
    const me = useMe()
    const online = useOnline()
    const navigate = useNavigate()
    const offline = !online
    if (me.isPending) return <LoadingPanel label="Loading your account..." />
    if (me.isError)
      return <ErrorPanel message="Failed to load your account." onRetry={() => void me.refetch()} />
    const account = me.data
    return (
      <Container size="md" py="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>Account settings</Title>
            <Text c="dimmed">Your profile, sign-in and the devices where you are signed in.</Text>
          </Stack>
          {offline && (
            <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} aria-hidden />} role="status">
              You are offline. Changes can be made once you are back online.
            </Alert>
          )}
          <ProfileCard key={account.id} account={account} disabled={offline} />
          <EmailCard email={account.email} disabled={offline} />
          <PasswordCard personalWords={personalWordsOf(account)} disabled={offline} />
          <TwoFactorCard disabled={offline} />
          <SessionsCard
            disabled={offline}
            onSignedOutEverywhere={() => void navigate({ to: '/login', replace: true })}
          />
        </Stack>
      </Container>
    )
  },
})

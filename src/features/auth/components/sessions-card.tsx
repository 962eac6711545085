import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react'
import { useState } from 'react'
import type { AuthSession } from '@/contract/auth'
import { SettingsSection } from '@/components/settings-section'
import { ErrorPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { formatDateTime } from '@/lib/format'
import { useLogoutEverywhere, useRevokeSession, useSessions } from '../api/sessions'
import { PasswordPrompt } from './password-prompt'

/** Where the account is signed in, each device revocable, and "Sign out everywhere". */
export function SessionsCard({
  disabled,
  onSignedOutEverywhere,
}: {
  disabled: boolean
  onSignedOutEverywhere: () => void
}) {
  const sessions = useSessions()
  const revoke = useRevokeSession()
  const everywhere = useLogoutEverywhere()
  const [target, setTarget] = useState<AuthSession | null>(null)
  const [confirmAll, setConfirmAll] = useState(false)

  return (
    <SettingsSection
      title="Active sessions"
      description="The devices where you are signed in, with their address and last use. Sign out any you do not recognise."
    >
      {sessions.isError ? (
        <ErrorPanel message="Failed to load your sessions." onRetry={() => void sessions.refetch()} />
      ) : (
        <Stack gap="xs" role="list" aria-label="Active sessions">
          {sessions.isPending && <Text size="sm">Loading sessions...</Text>}
          {sessions.data?.map((item) => (
            <Group
              key={item.id}
              role="listitem"
              justify="space-between"
              wrap="nowrap"
              p="sm"
              style={{ border: '1px solid var(--mantine-color-dark-4)', borderRadius: 8 }}
            >
              <Group gap="sm" wrap="nowrap">
                <IconDeviceDesktop size={22} aria-hidden />
                <Stack gap={0}>
                  <Group gap={6}>
                    <Text fw={600}>{item.device}</Text>
                    {item.current && (
                      <Badge size="sm" color="signal" variant="light">
                        This device
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {item.ip_address || 'Unknown address'} · last used {formatDateTime(item.last_used_at)} ·
                    signed in {formatDateTime(item.created_at)}
                  </Text>
                </Stack>
              </Group>
              {!item.current && (
                <Button
                  size="xs"
                  variant="default"
                  disabled={disabled}
                  onClick={() => setTarget(item)}
                  aria-label={`Sign out ${item.device}`}
                >
                  Sign out
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Button
        color="red"
        variant="light"
        leftSection={<IconLogout size={16} aria-hidden />}
        disabled={disabled}
        onClick={() => setConfirmAll(true)}
        w="fit-content"
      >
        Sign out everywhere
      </Button>
      <PasswordPrompt
        opened={target !== null}
        title="Sign out this device"
        text={`Sign out ${target?.device ?? 'this device'}? It will need your password to sign in again.`}
        confirmLabel="Sign out device"
        onClose={() => setTarget(null)}
        onConfirm={async (password) => {
          if (!target) return
          await revoke.mutateAsync({ id: target.id, password })
          toast.success('The device was signed out.')
        }}
      />
      <PasswordPrompt
        opened={confirmAll}
        title="Sign out everywhere"
        text="Every device, this one included, will be signed out at once."
        confirmLabel="Sign out everywhere"
        danger
        onClose={() => setConfirmAll(false)}
        onConfirm={async (password) => {
          await everywhere.mutateAsync(password)
          toast.success('You were signed out everywhere.')
          onSignedOutEverywhere()
        }}
      />
    </SettingsSection>
  )
}

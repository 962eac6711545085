import { Button, Card, Group, Stack, Switch, Text } from '@mantine/core'
import { domainMessages, type Domain } from '@/contract/domains'
import { daysLeftColour } from '@/contract/status-colours'
import { AppLink, useAppNavigation } from '@/components/app-link'
import { StatusBadge, themeColour } from '@/components/status-badge'
import { toast } from '@/components/toast'
import { formatDate } from '@/lib/format'
import { useSetDomainLock } from '../api/set-domain-lock'
import { useToggleAutoRenew } from '../api/toggle-auto-renew'
import { daysUntil, showsRenewLink } from '../expiry'

/** One domain in the Domains tab (spec 002 §2.6). */
export function DomainCard({ domain, online }: { domain: Domain; online: boolean }) {
  const toggleAutoRenew = useToggleAutoRenew(domain.id)
  const setLock = useSetDomainLock(domain.id)
  const days = daysUntil(domain.expiry_date)
  const navigation = useAppNavigation()
  const manage = `/domain/${domain.id}`
  const registered = domain.status === 'active' || domain.status === 'expired'
  return (
    <Card padding="lg" data-testid="domain-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg" style={{ wordBreak: 'break-all' }}>
            {domain.domain_name}
          </Text>
          <StatusBadge status={domain.status} kind="domain" />
        </Group>
        <Group gap="xl">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Registered
            </Text>
            <Text size="sm">{formatDate(domain.registration_date)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Expires
            </Text>
            <Text size="sm">{formatDate(domain.expiry_date)}</Text>
          </Stack>
          {days !== null && (
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Days left
              </Text>
              <Text size="sm" fw={700} c={themeColour(daysLeftColour(days))} data-testid="days-left">
                {days <= 0 ? domainMessages.expired : days}
              </Text>
            </Stack>
          )}
        </Group>
        {registered && (
          <Group gap="lg">
            <Switch
              label="Auto-renew"
              checked={domain.auto_renew}
              disabled={!online || toggleAutoRenew.isPending}
              onChange={() =>
                toggleAutoRenew.mutate(undefined, {
                  onSuccess: () => toast.success(domainMessages.autoRenewUpdated),
                  onError: () => toast.error(domainMessages.autoRenewFailed),
                })
              }
            />
            <Switch
              label="Locked"
              checked={domain.locked}
              disabled={!online || setLock.isPending}
              onChange={() =>
                setLock.mutate(!domain.locked, {
                  onSuccess: (d) => toast.success(d.locked ? domainMessages.locked : domainMessages.unlocked),
                  onError: () => toast.error(domainMessages.lockFailed),
                })
              }
            />
          </Group>
        )}
        <Group gap="sm">
          <Button component="a" href={manage} onClick={navigation(manage)} variant="light" size="xs">
            Manage
          </Button>
          {showsRenewLink(days) && (
            <AppLink href={`${manage}/renew`} size="sm">
              Renew
            </AppLink>
          )}
        </Group>
      </Stack>
    </Card>
  )
}

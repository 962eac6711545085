import { Button, Card, Group, Stack, Text } from '@mantine/core'
import { domainMessages, type Domain } from '@/contract/domains'
import { daysLeftColour } from '@/contract/status-colours'
import { AppLink, useAppNavigation } from '@/components/app-link'
import { StatusBadge, themeColour } from '@/components/status-badge'
import { formatDate } from '@/lib/format'
import { daysUntil, showsRenewLink } from '../expiry'
import { DomainSwitches } from './domain-switches'

/** One domain in the Domains tab (spec 002 §2.6). */
export function DomainCard({ domain, online }: { domain: Domain; online: boolean }) {
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
        {registered && <DomainSwitches domain={domain} online={online} lockLabel="Locked" gap="lg" />}
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

import { Card, Progress, SimpleGrid, Stack, Text } from '@mantine/core'
import { domainMessages, type Domain } from '@/contract/domains'
import { daysLeftColour, renewalBarColour } from '@/contract/status-colours'
import { Fact } from '@/components/fact'
import { StatusBadge, themeColour } from '@/components/status-badge'
import { formatDate } from '@/lib/format'
import { daysUntil, renewalPercent } from '../expiry'
import { DomainSwitches } from './domain-switches'

/** The domain page's Overview tab: status, dates, the renewal bar, auto-renew and the lock. */
export function DomainOverview({ domain, online }: { domain: Domain; online: boolean }) {
  const days = daysUntil(domain.expiry_date)
  const percent = renewalPercent(days)
  return (
    <Card padding="lg">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label="Status">
            <StatusBadge status={domain.status} kind="domain" />
          </Fact>
          <Fact label="Registered">{formatDate(domain.registration_date)}</Fact>
          <Fact label="Expires">{formatDate(domain.expiry_date)}</Fact>
          <Fact label="Days until expiry">
            {days === null ? (
              'N/A'
            ) : (
              <Text span fw={700} c={themeColour(daysLeftColour(days))}>
                {days <= 0 ? domainMessages.expired : days}
              </Text>
            )}
          </Fact>
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm">Renewal</Text>
          <Progress
            value={percent}
            color={themeColour(renewalBarColour(percent))}
            aria-label="Time left until renewal"
            data-testid="renewal-bar"
          />
        </Stack>
        <DomainSwitches domain={domain} online={online} lockLabel="Domain lock" gap="xl" />
      </Stack>
    </Card>
  )
}

import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { DOMAIN_STATUSES, domainMessages } from '@/contract/domains'
import { statusLabel } from '@/contract/status-colours'
import { OfflinePanel } from '@/components/offline-panel'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useOnline } from '@/components/use-online'
import { useDomains } from '../api/get-domains'
import { daysUntil } from '../expiry'
import { DomainCard } from './domain-card'

const statusOptions = [
  { value: 'all', label: 'All statuses' },
  ...DOMAIN_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
]

/** The dashboard's Domains tab (spec 002 §2.6): status filter, search, refresh and the domain cards. */
export function DomainsTab() {
  const domains = useDomains()
  const online = useOnline()
  const [status, setStatus] = useState('all')
  const [search, setSearch] = useState('')
  const all = domains.data?.results ?? []
  const needle = search.trim().toLowerCase()
  const shown = all.filter(
    (d) => (status === 'all' || d.status === status) && (!needle || d.domain_name.includes(needle)),
  )

  let body
  if (domains.isError && !domains.data) {
    body = (
      <ErrorPanel
        title={domainMessages.errorLoadingDomains}
        message={domains.error.message}
        onRetry={() => void domains.refetch()}
      />
    )
  } else if (!domains.data) {
    body =
      domains.fetchStatus === 'paused' ? (
        <OfflinePanel what="Your domain list" />
      ) : (
        <LoadingPanel label="Loading domains..." />
      )
  } else if (all.length === 0) {
    body = (
      <EmptyState
        title="No domains yet"
        message="Find a name for your business and register it in minutes."
        action={
          <Button component={Link} to="/domain-search">
            Find a Domain
          </Button>
        }
      />
    )
  } else if (shown.length === 0) {
    body = <EmptyState title="No matching domains found" message="Try another status or search." />
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="domain-list">
        {shown
          .slice()
          .sort((a, b) => (daysUntil(a.expiry_date) ?? Infinity) - (daysUntil(b.expiry_date) ?? Infinity))
          .map((domain) => (
            <DomainCard key={domain.id} domain={domain} online={online} />
          ))}
      </SimpleGrid>
    )
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          My Domains
        </Title>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={domains.isFetching}
            onClick={() => void domains.refetch()}
          >
            Refresh
          </Button>
          <Button component={Link} to="/domain-search" leftSection={<IconPlus size={16} aria-hidden />}>
            Register Domain
          </Button>
        </Group>
      </Group>
      {!online && <Alert color="yellow">{domainMessages.offline}</Alert>}
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Search domains..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Status"
          data={statusOptions}
          value={status}
          onChange={(value) => setStatus(value ?? 'all')}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {body}
    </Stack>
  )
}

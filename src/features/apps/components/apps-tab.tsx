import {
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { IconLayoutGrid, IconList, IconRefresh, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { APP_STATUSES, appMessages } from '@/contract/apps'
import { statusLabel } from '@/contract/status-colours'
import { useAppNavigation } from '@/components/app-link'
import { OfflinePanel } from '@/components/offline-panel'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useApps } from '../api/get-apps'
import { filterApps, hasFilters, NO_APP_FILTERS, type AppFilters } from '../filter-apps'
import { AppItem } from './app-item'

const statusOptions = [
  { value: 'all', label: 'All statuses' },
  ...APP_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
]

/** The My Apps tab ('My Applications'): view toggle, status filter, search, refresh (spec 001 §2). */
export function AppsTab() {
  const apps = useApps()
  const navigation = useAppNavigation()
  const [layout, setLayout] = useState<'grid' | 'list'>('grid')
  const [filters, setFilters] = useState<AppFilters>(NO_APP_FILTERS)
  const all = apps.data?.results ?? []
  const shown = filterApps(all, filters)
  const filtered = hasFilters(filters)
  const clear = () => setFilters(NO_APP_FILTERS)

  let body
  if (apps.isError && !apps.data) {
    body = (
      <ErrorPanel
        title={appMessages.errorLoadingApps}
        message={appMessages.appsFailed}
        onRetry={() => void apps.refetch()}
      />
    )
  } else if (!apps.data) {
    body =
      apps.fetchStatus === 'paused' ? (
        <OfflinePanel what="Your app list" />
      ) : (
        <LoadingPanel label="Loading apps..." />
      )
  } else if (all.length === 0) {
    body = (
      <EmptyState
        title={appMessages.noApps}
        message="Create your first messaging app to start sending."
        action={
          <Button component="a" href="/create-app" onClick={navigation('/create-app')}>
            Create App
          </Button>
        }
      />
    )
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        title={appMessages.noMatchingApps}
        message="Try another status or search."
        action={
          <Button variant="light" onClick={clear}>
            Clear Filters
          </Button>
        }
      />
    )
  } else {
    body = (
      <SimpleGrid
        cols={layout === 'grid' ? { base: 1, sm: 2, lg: 3 } : 1}
        spacing="md"
        data-testid="app-list"
        data-view={layout}
      >
        {shown.map((app) => (
          <AppItem key={app.id} app={app} layout={layout} />
        ))}
      </SimpleGrid>
    )
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          My Applications
        </Title>
        <Group gap="sm">
          <SegmentedControl
            value={layout}
            onChange={(value) => setLayout(value === 'list' ? 'list' : 'grid')}
            aria-label="Layout"
            data={[
              {
                value: 'grid',
                label: (
                  <>
                    <IconLayoutGrid size={16} aria-hidden />
                    <VisuallyHidden>Grid view</VisuallyHidden>
                  </>
                ),
              },
              {
                value: 'list',
                label: (
                  <>
                    <IconList size={16} aria-hidden />
                    <VisuallyHidden>List view</VisuallyHidden>
                  </>
                ),
              },
            ]}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={apps.isFetching}
            onClick={() => void apps.refetch()}
          >
            Refresh
          </Button>
        </Group>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Search apps..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.search}
          onChange={(event) => {
            const search = event.currentTarget.value
            setFilters((f) => ({ ...f, search }))
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Status"
          data={statusOptions}
          value={filters.status}
          onChange={(status) => setFilters((f) => ({ ...f, status: status ?? 'all' }))}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {apps.data && all.length > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {appMessages.showing(shown.length, all.length)}
          </Text>
          {filtered && (
            <Button variant="subtle" size="xs" onClick={clear}>
              Clear all filters
            </Button>
          )}
        </Group>
      )}
      {body}
    </Stack>
  )
}

import {
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core'
import { IconArrowLeft, IconPackage, IconRefresh } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { appMessages, pendingAppMessages, type AppDetails } from '@/contract/apps'
import { useAppNavigation } from '@/components/app-link'
import { OfflinePanel } from '@/components/offline-panel'
import { StatRow } from '@/components/stat-row'
import { StatusDot } from '@/components/status-badge'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { formatDate, formatDateTime } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useApp } from '../api/get-app'
import { APP_TABS, type AppTab } from '../tabs'
import { ApiKeyField } from './api-key-field'
import { AppSettingsTab } from './app-settings-tab'
import { MessagesChart } from './messages-chart'
import { QuickStart } from './quick-start'
import { PendingAppActions } from './pending-app-actions'

function BackToDashboard() {
  return (
    <Button
      component={Link}
      to="/dashboard"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      Back to Dashboard
    </Button>
  )
}

/** Spec 001 §2: 'App Not Found' with Try Again and Back to Dashboard. */
export function AppNotFound({
  message = appMessages.notFound,
  onRetry,
}: {
  message?: string
  onRetry?: () => void
}) {
  return (
    <Container size="sm">
      <ErrorPanel title={appMessages.notFoundTitle} message={message} {...(onRetry ? { onRetry } : {})}>
        <BackToDashboard />
      </ErrorPanel>
    </Container>
  )
}

const percentText = (value: number | null) => (value === null ? 'No data yet' : `${value.toFixed(1)}%`)

function Overview({ app }: { app: AppDetails }) {
  const s = app.statistics
  const subscription = app.subscriptions[0]
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[
          ['Total messages', s.total_messages.toLocaleString('en-US')],
          ['Delivered', s.delivered.toLocaleString('en-US')],
          ['Failed', s.failed.toLocaleString('en-US')],
          ['Delivery rate', percentText(s.delivery_rate)],
        ].map(([label, value]) => (
          <Card key={label} withBorder padding="md">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="xl" fw={700} data-testid={`figure-${label?.toLowerCase().replace(' ', '-')}`}>
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={3} size="h5" mb="sm">
              Package usage
            </Title>
            {app.subscriptions.length === 0 && <Text c="dimmed">No package yet.</Text>}
            {app.subscriptions.map((sub) => (
              <Stack key={sub.id} gap={4} mb="sm" data-testid={`usage-${sub.package_type}`}>
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    {sub.package_name} ({sub.package_type.toUpperCase()})
                  </Text>
                  <Text size="sm" data-testid="usage-percentage">
                    {sub.usage_percentage.toFixed(1)}%
                  </Text>
                </Group>
                <Progress
                  // The exact share, so a few messages of a large package still move the bar.
                  value={
                    sub.messages_limit > 0 ? Math.min(100, (sub.messages_used / sub.messages_limit) * 100) : 0
                  }
                  aria-label={`${sub.package_name} usage`}
                />
                <Text size="xs" c="dimmed" data-testid="usage-counts">
                  {sub.messages_used.toLocaleString('en-US')} of {sub.messages_limit.toLocaleString('en-US')}{' '}
                  used · {(sub.messages_limit - sub.messages_used).toLocaleString('en-US')} remaining
                </Text>
              </Stack>
            ))}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={3} size="h5" mb="sm">
              Performance
            </Title>
            <StatRow
              label="Average response"
              value={
                s.average_response_seconds === null
                  ? 'No data yet'
                  : `${s.average_response_seconds.toFixed(1)} s`
              }
            />
            <StatRow label="Delivery" value={percentText(s.delivery_rate)} />
            <StatRow label="Uptime" value={percentText(s.uptime)} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={3} size="h5" mb="sm">
              Billing
            </Title>
            <StatRow label="Plan" value={subscription?.package_name ?? 'N/A'} />
            <StatRow
              label="Messages used"
              value={(subscription?.messages_used ?? 0).toLocaleString('en-US')}
            />
            <StatRow label="Expires" value={formatDate(subscription?.end_date ?? null)} />
          </Card>
        </Grid.Col>
      </Grid>
      <QuickStart testKey={app.test_api_key} />
    </Stack>
  )
}

function Analytics({ app }: { app: AppDetails }) {
  const s = app.statistics
  const change =
    s.messages_last_month > 0
      ? `${Math.round(((s.messages_this_month - s.messages_last_month) / s.messages_last_month) * 1000) / 10}%`
      : null
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Messages per day, last 30 days
        </Title>
        <Text size="sm" c="dimmed">
          Segments charged: {s.segments.toLocaleString('en-US')} · This month:{' '}
          {s.messages_this_month.toLocaleString('en-US')}
          {change && ` (${change.startsWith('-') ? '' : '+'}${change} on last month)`}
        </Text>
      </Group>
      <MessagesChart days={app.daily_messages} />
    </Card>
  )
}

function Activity({ app }: { app: AppDetails }) {
  if (app.recent_messages.length === 0)
    return (
      <Card withBorder padding="lg">
        <Text ta="center" c="dimmed">
          {appMessages.noRecentMessages}
        </Text>
      </Card>
    )
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="recent-messages">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>Sent to</Table.Th>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Segments</Table.Th>
              <Table.Th>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {app.recent_messages.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{m.type.toUpperCase()}</Table.Td>
                <Table.Td>{m.sent_to}</Table.Td>
                <Table.Td>{m.subject ?? ''}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={
                      m.status === 'failed' || m.status === 'undelivered'
                        ? 'red'
                        : m.status === 'queued'
                          ? 'yellow'
                          : 'green'
                    }
                  >
                    {m.status}
                  </Badge>
                  {m.test && (
                    <Badge variant="outline" color="gray" ml={4}>
                      test
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{m.segments}</Table.Td>
                <Table.Td>{formatDateTime(m.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  )
}

const tabLabels: Record<AppTab, string> = {
  overview: 'Overview',
  analytics: 'Analytics',
  activity: 'Activity',
  settings: 'Settings',
}

interface ManageAppPageProps {
  appId: number
  tab: AppTab
  onTabChange: (tab: AppTab) => void
}

/** /manage-msg/{id}: the app's header, info card and tabs (spec 001 §2) with figures from delivery records. */
export function ManageAppPage({ appId, tab, onTabChange }: ManageAppPageProps) {
  const query = useApp(appId)
  const navigation = useAppNavigation()
  useDocumentTitle(query.data?.name)
  if (query.isError && !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404
    return (
      <AppNotFound
        message={notFound ? appMessages.notFound : query.error.message || appMessages.detailsFailed}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (!query.data) {
    return query.fetchStatus === 'paused' ? (
      <Container size="xl" py="xl">
        <BackToDashboard />
        <OfflinePanel what="This app" />
      </Container>
    ) : (
      <LoadingPanel label="Loading app..." />
    )
  }
  const app = query.data
  const main = app.subscriptions[0]
  const refresh = async () => {
    await query.refetch()
    toast.success(appMessages.refreshed, 3000)
  }
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Group gap="md" wrap="nowrap">
            <Button component={Link} to="/dashboard" variant="default" px="xs" aria-label="Back to Dashboard">
              <IconArrowLeft size={18} aria-hidden />
            </Button>
            <Stack gap={2}>
              <Group gap="sm">
                <Title order={1} size="h2">
                  {app.name}
                </Title>
                <StatusDot status={app.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {main ? `${main.package_name} · ${main.package_type.toUpperCase()} · ` : ''}Created{' '}
                {formatDateTime(app.created_at)}
              </Text>
            </Stack>
          </Group>
          <Group>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void refresh()}
              loading={query.isFetching}
            >
              Refresh
            </Button>
            <Button
              component="a"
              href={`/manage-msg/${app.id}/packages`}
              onClick={navigation(`/manage-msg/${app.id}/packages`)}
              variant="light"
              leftSection={<IconPackage size={16} aria-hidden />}
            >
              Packages
            </Button>
          </Group>
        </Group>

        <Card withBorder padding="lg" data-testid="app-info">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <StatRow
              label="App type"
              value={app.subscriptions.map((s) => s.package_type.toUpperCase()).join(', ') || 'N/A'}
            />
            <StatRow label="Package" value={main?.package_name ?? 'N/A'} />
            <StatRow label="Total messages" value={app.statistics.total_messages.toLocaleString('en-US')} />
            <StatRow label="Active subscriptions" value={String(app.statistics.active_subscriptions)} />
            <StatRow label="Status" value={app.status} />
            <StatRow label="App ID" value={String(app.id)} />
          </SimpleGrid>
          <Group gap="xs" mt="sm">
            <Text size="sm" c="dimmed">
              API key
            </Text>
            <ApiKeyField appId={app.id} apiKey={app.api_key} />
          </Group>
          {app.status === 'pending' &&
            (app.pending_order_id !== null ? (
              <Stack mt="sm">
                <PendingAppActions appId={app.id} name={app.name} />
              </Stack>
            ) : (
              <Text size="sm" c="orange" mt="xs">
                {pendingAppMessages.waiting}
              </Text>
            ))}
        </Card>

        <Tabs value={tab} onChange={(value) => onTabChange((value as AppTab | null) ?? 'overview')}>
          <Tabs.List>
            {APP_TABS.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {tabLabels[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            <Overview app={app} />
          </Tabs.Panel>
          <Tabs.Panel value="analytics" pt="md">
            <Analytics app={app} />
          </Tabs.Panel>
          <Tabs.Panel value="activity" pt="md">
            <Activity app={app} />
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            <AppSettingsTab app={app} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  )
}

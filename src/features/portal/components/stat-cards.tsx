import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core'
import { IconApps, IconBriefcase, IconChartLine, IconUsers } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { formatTrend, portalMessages, type ClientOverview } from '@/contract/portal'
import { OfflinePanel } from '@/components/offline-panel'
import { ErrorPanel } from '@/components/status-panels'
import { useOverview } from '../api/get-overview'

interface Stat {
  label: string
  value: string
  /** The month-over-month change; null shows none. */
  trend: string | null
  icon: ReactNode
}

export function statsOf(data: ClientOverview): Stat[] {
  return [
    {
      label: 'Total Apps',
      value: String(data.overview.total_apps),
      trend: formatTrend(data.trends.total_apps),
      icon: <IconApps size={20} aria-hidden />,
    },
    {
      label: 'Active Projects',
      value: String(data.overview.active_projects),
      trend: formatTrend(data.trends.active_projects),
      icon: <IconBriefcase size={20} aria-hidden />,
    },
    {
      label: 'Total Clients',
      value: String(data.client.contacts_count),
      trend: formatTrend(data.trends.contacts),
      icon: <IconUsers size={20} aria-hidden />,
    },
    {
      label: 'Success Rate',
      value: `${data.overview.success_rate}%`,
      trend: formatTrend(data.trends.success_rate),
      icon: <IconChartLine size={20} aria-hidden />,
    },
  ]
}

/** The four stat cards of the dashboard, from /api/client/overview/ with the month-over-month trends. */
export function StatCards() {
  const overview = useOverview()
  if (overview.isError && !overview.data) {
    return (
      <ErrorPanel
        title={portalMessages.errorLoadingOverview}
        message={portalMessages.overviewFailed}
        onRetry={() => void overview.refetch()}
      />
    )
  }
  if (!overview.data && overview.fetchStatus === 'paused') return <OfflinePanel what="Your overview" />
  const stats = overview.data ? statsOf(overview.data) : null
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} data-testid="dashboard-stats">
      {(stats ?? placeholders).map((stat) => (
        <Card key={stat.label} aria-busy={!stats}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" c="dimmed">
                {stat.label}
              </Text>
              {stats ? (
                <Text fz={28} fw={800} lh={1.2} data-testid={`stat-${stat.label}`}>
                  {stat.value}
                </Text>
              ) : (
                <Skeleton h={30} w={60} mt={4} />
              )}
            </div>
            <ThemeIcon variant="light" size={40} radius="md" visibleFrom="xs">
              {stat.icon}
            </ThemeIcon>
          </Group>
          {stat.trend !== null && (
            <Text size="xs" mt="sm" c={stat.trend.startsWith('+') ? 'signal.5' : 'dimmed'}>
              {stat.trend} from last month
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  )
}

const placeholders: Stat[] = [
  {
    label: 'Total Apps',
    value: '',
    trend: null,
    icon: <IconApps size={20} aria-hidden />,
  },
  {
    label: 'Active Projects',
    value: '',
    trend: null,
    icon: <IconBriefcase size={20} aria-hidden />,
  },
  {
    label: 'Total Clients',
    value: '',
    trend: null,
    icon: <IconUsers size={20} aria-hidden />,
  },
  {
    label: 'Success Rate',
    value: '',
    trend: null,
    icon: <IconChartLine size={20} aria-hidden />,
  },
]

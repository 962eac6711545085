import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core'
import {
  IconApps,
  IconBriefcase,
  IconFileInvoice,
  IconLayoutDashboard,
  IconPlus,
  IconSettings,
  IconWorld,
} from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useAppNavigation } from '@/components/app-link'
import { useMe } from '@/lib/account'
import { useCurrentUser } from '@/lib/session'
import { useOverview } from '../api/get-overview'
import { ProjectsTab } from './projects-tab'
import { QuickActions } from './quick-actions'
import { StatCards } from './stat-cards'
import { DASHBOARD_TABS, type DashboardTab } from '../tabs'

interface DashboardPageProps {
  tab: DashboardTab
  onTabChange: (tab: DashboardTab) => void
  /** The My Apps tab's content (the apps feature), composed by the route. */
  apps: ReactNode
  /** The Domains tab's content (the domains feature), composed by the route. */
  domains: ReactNode
  /** The 'Refer a Friend' button and its dialog (the referrals feature), composed by the route. */
  referFriend: ReactNode
  /** Notices above the stats (the apps feature's pending payments), composed by the route. */
  notices?: ReactNode
}

/** /dashboard (spec 001 §2): greeting, stat cards and the Overview, My Projects and My Apps tabs. */
export function DashboardPage({ tab, onTabChange, apps, domains, referFriend, notices }: DashboardPageProps) {
  const user = useCurrentUser()
  const me = useMe()
  const overview = useOverview()
  const navigation = useAppNavigation()
  const firstName = overview.data?.client.user.first_name ?? me.data?.first_name ?? user?.first_name ?? ''
  const company = overview.data?.client.company_name ?? me.data?.company_name ?? user?.company_name ?? ''
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Title order={1}>Welcome back, {firstName}!</Title>
            {company && <Text c="dimmed">{company}</Text>}
          </Stack>
          <Group gap="xs">
            {referFriend}
            <Button
              component={Link}
              to="/billing"
              variant="default"
              leftSection={<IconFileInvoice size={16} aria-hidden />}
            >
              Billing history
            </Button>
            <Button
              component={Link}
              to="/settings"
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
            >
              Account settings
            </Button>
            <Button
              component="a"
              href="/create-app"
              onClick={navigation('/create-app')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Create App
            </Button>
          </Group>
        </Group>
        {notices}
        <StatCards />
        <Tabs
          value={tab}
          onChange={(value) => {
            const next = DASHBOARD_TABS.find((t) => t === value)
            if (next) onTabChange(next)
          }}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="overview" leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
              Overview
            </Tabs.Tab>
            <Tabs.Tab value="projects" leftSection={<IconBriefcase size={16} aria-hidden />}>
              My Projects
            </Tabs.Tab>
            <Tabs.Tab value="apps" leftSection={<IconApps size={16} aria-hidden />}>
              My Apps
            </Tabs.Tab>
            <Tabs.Tab value="domains" leftSection={<IconWorld size={16} aria-hidden />}>
              Domains
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview">
            <QuickActions />
          </Tabs.Panel>
          <Tabs.Panel value="projects">
            <ProjectsTab />
          </Tabs.Panel>
          <Tabs.Panel value="apps">{apps}</Tabs.Panel>
          <Tabs.Panel value="domains">{domains}</Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  )
}

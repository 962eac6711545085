import { Button, Container, Grid, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconChartBar, IconLifebuoy } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { portalMessages } from '@/contract/portal'
import { OfflinePanel } from '@/components/offline-panel'
import { ErrorPanel } from '@/components/status-panels'
import { ApiError } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useProjectOverview } from '../api/get-project-overview'
import {
  FinancialOverview,
  MilestoneList,
  ProjectStats,
  ProjectQuickActions,
  SummaryCard,
  Timeline,
} from './project-sections'
import { PROJECT_TABS, type ProjectTab } from '../tabs'

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

/** 'Project not found' for a 404, else 'Error Loading Project' (spec 001 §2 and §8). */
export function ProjectError({ notFound }: { notFound: boolean }) {
  return (
    <Container size="sm">
      <ErrorPanel
        title={notFound ? portalMessages.projectNotFound : portalMessages.errorLoadingProject}
        message={portalMessages.projectFailed}
        onRetry={() => window.location.reload()}
      >
        <BackToDashboard />
      </ErrorPanel>
    </Container>
  )
}

interface ProjectPageProps {
  projectId: number
  tab: ProjectTab
  onTabChange: (tab: ProjectTab) => void
  /** The Support Tickets tab, composed by the route from the support feature. */
  tickets: ReactNode
}

/** /project/{id}: header, Project Overview and Support Tickets tabs (spec 001 §2). */
export function ProjectPage({ projectId, tab, onTabChange, tickets }: ProjectPageProps) {
  const project = useProjectOverview(projectId)
  useDocumentTitle(project.data?.name)
  if (project.isError && !project.data) {
    return <ProjectError notFound={project.error instanceof ApiError && project.error.status === 404} />
  }
  if (!project.data && project.fetchStatus === 'paused') {
    return (
      <Container size="xl" py="xl">
        <BackToDashboard />
        <OfflinePanel what="This project" />
      </Container>
    )
  }
  const data = project.data
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="center">
          <Button component={Link} to="/dashboard" variant="default" px="xs" aria-label="Back to Dashboard">
            <IconArrowLeft size={18} aria-hidden />
          </Button>
          <Stack gap={0} miw={0}>
            {data ? (
              <>
                <Title order={1} size="h2" lineClamp={2}>
                  {data.name}
                </Title>
                {data.key && (
                  <Text c="dimmed" size="sm" ff="monospace">
                    {data.key}
                  </Text>
                )}
              </>
            ) : (
              <Skeleton h={32} w={260} aria-label="Loading project" />
            )}
          </Stack>
        </Group>
        <Tabs
          value={tab}
          onChange={(value) => {
            const next = PROJECT_TABS.find((t) => t === value)
            if (next) onTabChange(next)
          }}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="overview" leftSection={<IconChartBar size={16} aria-hidden />}>
              Project Overview
            </Tabs.Tab>
            <Tabs.Tab value="tickets" leftSection={<IconLifebuoy size={16} aria-hidden />}>
              Support Tickets
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview">
            {data ? (
              <Grid gap="md">
                <Grid.Col span={{ base: 12, md: 8 }}>
                  <Stack gap="md">
                    <SummaryCard project={data} />
                    <FinancialOverview financial={data.financial} />
                    <MilestoneList milestones={data.milestones} />
                  </Stack>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <Stack gap="md">
                    <Timeline project={data} />
                    <ProjectStats project={data} />
                    <ProjectQuickActions project={data} />
                  </Stack>
                </Grid.Col>
              </Grid>
            ) : (
              <Stack gap="md" aria-busy>
                <Skeleton h={160} />
                <Skeleton h={140} />
              </Stack>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="tickets">{tickets}</Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  )
}

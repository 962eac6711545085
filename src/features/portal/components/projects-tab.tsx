import { Button, Group, SimpleGrid, Stack, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useState } from 'react'
import { CLIENT_PROJECTS_PAGE_SIZE, portalMessages } from '@/contract/portal'
import { OfflinePanel } from '@/components/offline-panel'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useAppNavigation } from '@/components/app-link'
import { useClientProjects } from '../api/get-client-projects'
import { ClientProjectCard } from './client-project-card'

/** The My Projects tab: refresh, empty state, project cards (spec 001 §2). */
export function ProjectsTab() {
  const [page, setPage] = useState(1)
  const projects = useClientProjects(page)
  const navigation = useAppNavigation()
  let body
  if (projects.isError && !projects.data) {
    body = (
      <ErrorPanel
        title={portalMessages.errorLoadingProjects}
        message={portalMessages.projectsFailed}
        onRetry={() => void projects.refetch()}
      />
    )
  } else if (!projects.data) {
    body =
      projects.fetchStatus === 'paused' ? (
        <OfflinePanel what="Your project list" />
      ) : (
        <LoadingPanel label="Loading projects..." />
      )
  } else if (projects.data.count === 0) {
    body = (
      <EmptyState
        title="No projects yet"
        message="Tell us what you want to build and we will get it started."
        action={
          <Button component="a" href="/start-project" onClick={navigation('/start-project')}>
            Start a Project
          </Button>
        }
      />
    )
  } else {
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {projects.data.results.map((card) => (
            <ClientProjectCard key={card.id} card={card} />
          ))}
        </SimpleGrid>
        <Pagination
          page={page}
          total={pageCount(projects.data.count, CLIENT_PROJECTS_PAGE_SIZE)}
          onChange={setPage}
          label="Project pages"
        />
      </Stack>
    )
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          My Projects
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={projects.isFetching}
          onClick={() => void projects.refetch()}
        >
          Refresh
        </Button>
      </Group>
      {body}
    </Stack>
  )
}

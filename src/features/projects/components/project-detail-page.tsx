import { Container, Grid, Stack } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { DEFAULT_PROJECT_TYPE, projectMessages, type ProjectDetail } from '@/contract/projects'
import { DetailPageStatus } from '@/components/detail-page-status'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useProject } from '../api/get-project'
import { ProjectHero } from './project-hero'
import { ScreenshotsSection, TechnologiesSection } from './project-sections'
import { ProjectSidebar } from './project-sidebar'
import { ScreenshotViewer } from './screenshot-viewer'

/** /projects/{slug}: loading, 'Project not found', an error panel with retry, or the project. */
export function ProjectDetailPage({ slug, aside }: { slug: string; aside?: ReactNode }) {
  const project = useProject(slug)
  useDocumentTitle(project.data?.project.name)

  if (!project.data) {
    return (
      <DetailPageStatus
        query={project}
        listPath="/projects"
        backLabel="Back to Projects"
        size="xl"
        loadingLabel="Loading project..."
        notFound={{
          title: projectMessages.notFound,
          message: 'The project may have been renamed or removed from our portfolio.',
          actionLabel: 'View All Projects',
        }}
        errorMessage={projectMessages.fetchProject}
        onRetry={() => void project.refetch()}
      />
    )
  }
  return <ProjectView item={project.data} aside={aside} />
}

/** The project: hero, technologies, screenshots (with the viewer), the route's aside and the sidebar. */
function ProjectView({ item, aside }: { item: ProjectDetail; aside?: ReactNode }) {
  const { project } = item
  const [viewerIndex, setViewerIndex] = useState<number | null>(null)
  const type = project.type || DEFAULT_PROJECT_TYPE

  return (
    <>
      <ProjectHero item={item} type={type} />

      <Container size="xl" pb={{ base: 48, md: 80 }}>
        <Grid gap={{ base: 'xl', md: 40 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap={48}>
              <TechnologiesSection tools={item.tech_tools} />
              <ScreenshotsSection images={item.images} projectName={project.name} onOpen={setViewerIndex} />
              {aside}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ProjectSidebar item={item} type={type} />
          </Grid.Col>
        </Grid>
      </Container>

      <ScreenshotViewer
        images={item.images}
        projectName={project.name}
        index={viewerIndex}
        onIndexChange={setViewerIndex}
        onClose={() => setViewerIndex(null)}
      />
    </>
  )
}

import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { useAssistantPageContext } from '@/features/assistant/assistant-context'
import { useProject } from '@/features/projects/api/get-project'
import { ProjectDetailPage } from '@/features/projects/components/project-detail-page'

export const Route = createFileRoute('/projects/$slug')({
  component: function ProjectRoute() {
    const { slug } = Route.useParams()
    const name = useProject(slug).data?.project.name
    useAssistantPageContext(name ? { kind: 'project', slug, title: name } : null)
    return (
      <OnlineOnly>
        <ProjectDetailPage slug={slug} />
      </OnlineOnly>
    )
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { AssistantPageContextSetter } from '@/features/assistant/assistant-context'
import { HomePage } from '@/features/home/components/home-page'
import { projectsQueryOptions } from '@/features/projects/api/get-projects'

export const Route = createFileRoute('/')({
  component: () => (
    <OnlineOnly>
      <AssistantPageContextSetter context={{ kind: 'home' }} />
      <HomePage projectsQuery={projectsQueryOptions({ page: 1 })} />
    </OnlineOnly>
  ),
})

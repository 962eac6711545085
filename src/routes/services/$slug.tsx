import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { findService } from '@/contract/services'
import { useAssistantPageContext } from '@/features/assistant/assistant-context'
import { ServiceDetailPage } from '@/features/services/components/service-detail-page'

export const Route = createFileRoute('/services/$slug')({
  component: function ServiceRoute() {
    const { slug } = Route.useParams()
    const service = findService(slug)
    useAssistantPageContext(service ? { kind: 'service', slug, title: service.title } : null)
    return (
      <OnlineOnly>
        <ServiceDetailPage slug={slug} />
      </OnlineOnly>
    )
  },
})

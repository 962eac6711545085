import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { JobDetailPage } from '@/features/careers/components/job-detail-page'

export const Route = createFileRoute('/careers/$slug')({
  component: function JobRoute() {
    const { slug } = Route.useParams()
    return (
      <OnlineOnly>
        <JobDetailPage key={slug} slug={slug} />
      </OnlineOnly>
    )
  },
})

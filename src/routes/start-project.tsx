import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { StartProjectPage } from '@/features/inquiries/components/start-project-page'

export const Route = createFileRoute('/start-project')({
  component: () => (
    <OnlineOnly>
      <StartProjectPage />
    </OnlineOnly>
  ),
})

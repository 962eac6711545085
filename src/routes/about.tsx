import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { AboutPage } from '@/features/company/components/about-page'

export const Route = createFileRoute('/about')({
  component: () => (
    <OnlineOnly>
      <AboutPage />
    </OnlineOnly>
  ),
})

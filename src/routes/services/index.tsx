import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { ServicesPage } from '@/features/services/components/services-page'

export const Route = createFileRoute('/services/')({
  component: () => (
    <OnlineOnly>
      <ServicesPage />
    </OnlineOnly>
  ),
})

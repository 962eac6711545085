import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { PartnersPage } from '@/features/partners/components/partners-page'

export const Route = createFileRoute('/partners')({
  component: () => (
    <OnlineOnly>
      <PartnersPage />
    </OnlineOnly>
  ),
})

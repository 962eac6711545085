import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { PrivacyPage } from '@/features/company/components/privacy-page'

export const Route = createFileRoute('/privacy')({
  component: () => (
    <OnlineOnly>
      <PrivacyPage />
    </OnlineOnly>
  ),
})

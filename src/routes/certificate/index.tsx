import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { VerifyPage } from '@/features/certificates/components/verify-page'

export const Route = createFileRoute('/certificate/')({
  component: () => (
    <OnlineOnly>
      <VerifyPage />
    </OnlineOnly>
  ),
})

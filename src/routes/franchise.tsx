import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { FranchisePage } from '@/features/inquiries/components/franchise-page'

export const Route = createFileRoute('/franchise')({
  component: () => (
    <OnlineOnly>
      <FranchisePage />
    </OnlineOnly>
  ),
})

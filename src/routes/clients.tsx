import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { ClientsPage } from '@/features/company/components/clients-page'

export const Route = createFileRoute('/clients')({
  component: () => (
    <OnlineOnly>
      <ClientsPage />
    </OnlineOnly>
  ),
})

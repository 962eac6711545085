import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { DomainSearchPage } from '@/features/domains/components/domain-search-page'

export const Route = createFileRoute('/domain-search')({
  component: () => (
    <OnlineOnly>
      <DomainSearchPage />
    </OnlineOnly>
  ),
})

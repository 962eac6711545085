import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { VerifyEmailPage } from '@/features/accounts/components/verify-email-page'
import { searchText } from '@/lib/search-params'

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search): { token?: string } => ({ token: searchText(search.token, 200) }),
  component: function VerifyEmailRoute() {
    const { token } = Route.useSearch()
    return (
      <OnlineOnly>
        <VerifyEmailPage token={token} />
      </OnlineOnly>
    )
  },
})

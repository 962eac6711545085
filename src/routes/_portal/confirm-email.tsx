import { createFileRoute } from '@tanstack/react-router'
import { ConfirmEmailPage } from '@/features/accounts/components/confirm-email-page'
import { searchText } from '@/lib/search-params'

export const Route = createFileRoute('/_portal/confirm-email')({
  validateSearch: (search): { token?: string } => ({ token: searchText(search.token, 200) }),
  component: function ConfirmEmailRoute() {
    const { token } = Route.useSearch()
    return <ConfirmEmailPage token={token} />
  },
})

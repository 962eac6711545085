import { createFileRoute } from '@tanstack/react-router'
import { RegisterPage } from '@/features/auth/components/register-page'
import { searchText } from '@/lib/search-params'

export const Route = createFileRoute('/register')({
  // A friend's link: /register?ref=CODE (REFERRAL_QUERY_PARAM; the contract module stays out of the
  // startup chunk, which holds every route's search reader) signs up through that referral code.
  validateSearch: (search): { ref?: string } => ({ ref: searchText(search.ref, 32) }),
  component: function RegisterRoute() {
    const { ref } = Route.useSearch()
    return <RegisterPage referralCode={ref} />
  },
})

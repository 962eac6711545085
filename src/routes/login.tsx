import { createFileRoute } from '@tanstack/react-router'
import { searchText } from '@/lib/search-params'
import { LoginPage } from '@/features/auth/components/login-page'

export const Route = createFileRoute('/login')({
  validateSearch: (search): { redirect?: string } => ({ redirect: searchText(search.redirect, 2000) }),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch()
    return <LoginPage redirect={redirect} />
  },
})

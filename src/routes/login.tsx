import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { LoginPage } from '@/features/auth/components/login-page'

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.catch(z.optional(z.string()), undefined) }),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch()
    return <LoginPage redirect={redirect} />
  },
})

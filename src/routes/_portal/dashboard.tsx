import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { DASHBOARD_TABS, DashboardPage } from '@/features/dashboard/components/dashboard-page'

export const Route = createFileRoute('/_portal/dashboard')({
  // ?tab=overview|projects|apps opens that tab; anything else opens Overview.
  validateSearch: z.object({ tab: z.catch(z.optional(z.enum(DASHBOARD_TABS)), undefined) }),
  component: function DashboardRoute() {
    const { tab } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <DashboardPage
        tab={tab ?? 'overview'}
        onTabChange={(next) =>
          void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true })
        }
      />
    )
  },
})

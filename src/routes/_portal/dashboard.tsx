import { createFileRoute } from '@tanstack/react-router'
import { AppsTab } from '@/features/apps/components/apps-tab'
import { PendingAppPayments } from '@/features/apps/components/pending-app-payments'
import { EmailVerificationBanner } from '@/features/accounts/components/email-verification-banner'
import { DomainsTab } from '@/features/domains/components/domains-tab'
import { DashboardPage } from '@/features/portal/components/dashboard-page'
import { ReferFriendButton } from '@/features/referrals/components/refer-friend-button'
import { DASHBOARD_TABS, type DashboardTab } from '@/features/portal/tabs'
import { searchEnum } from '@/lib/search-params'

export const Route = createFileRoute('/_portal/dashboard')({
  // ?tab=overview|projects|apps|domains opens that tab; anything else opens Overview.
  validateSearch: (search): { tab?: DashboardTab } => ({ tab: searchEnum(search.tab, DASHBOARD_TABS) }),
  component: function DashboardRoute() {
    const { tab } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <DashboardPage
        tab={tab ?? 'overview'}
        apps={<AppsTab />}
        domains={<DomainsTab />}
        referFriend={<ReferFriendButton />}
        notices={
          <>
            <EmailVerificationBanner />
            <PendingAppPayments />
          </>
        }
        onTabChange={(next) =>
          void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true })
        }
      />
    )
  },
})

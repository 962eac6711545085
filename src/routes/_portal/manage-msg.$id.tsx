import { createFileRoute } from '@tanstack/react-router'
import { readRecordId } from '@/contract/ids'
import { AppNotFound, ManageAppPage } from '@/features/apps/components/manage-app-page'
import { APP_TABS, type AppTab } from '@/features/apps/tabs'
import { searchEnum } from '@/lib/search-params'

export const Route = createFileRoute('/_portal/manage-msg/$id')({
  // ?tab=analytics|activity|settings opens that tab; anything else opens the overview.
  validateSearch: (search): { tab?: AppTab } => ({ tab: searchEnum(search.tab, APP_TABS) }),
  component: function ManageAppRoute() {
    const { id } = Route.useParams()
    const { tab } = Route.useSearch()
    const navigate = Route.useNavigate()
    const appId = readRecordId(id)
    if (appId === null) return <AppNotFound />
    return (
      <ManageAppPage
        appId={appId}
        tab={tab ?? 'overview'}
        onTabChange={(next) =>
          void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true })
        }
      />
    )
  },
})

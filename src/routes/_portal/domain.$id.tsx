import { createFileRoute } from '@tanstack/react-router'
import { readRecordId } from '@/contract/ids'
import { DomainNotFound, DomainPage } from '@/features/domains/components/domain-page'
import { DOMAIN_TABS, type DomainTab } from '@/features/domains/tabs'
import { searchEnum } from '@/lib/search-params'

export const Route = createFileRoute('/_portal/domain/$id')({
  // ?tab=dns|nameservers|contacts|transfer opens that tab.
  validateSearch: (search): { tab?: DomainTab } => ({ tab: searchEnum(search.tab, DOMAIN_TABS) }),
  component: function DomainRoute() {
    const { id } = Route.useParams()
    const { tab } = Route.useSearch()
    const navigate = Route.useNavigate()
    const domainId = readRecordId(id)
    if (domainId === null) return <DomainNotFound />
    return (
      <DomainPage
        domainId={domainId}
        tab={tab ?? 'overview'}
        onTabChange={(next) =>
          void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true })
        }
      />
    )
  },
})

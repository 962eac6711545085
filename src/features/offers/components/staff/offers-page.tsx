import { Text } from '@mantine/core'
import { services, type ServiceSlug } from '@/contract/services'
import { formatDate, formatMoney } from '@/lib/format'
import { offerQuery, useStaffOffers, type StaffOfferFilters } from '../../api/get-staff-offers'
import { FilterSelect } from '@/components/staff/list-toolbar'
import { useListFilters } from '@/components/staff/staff-list'
import { ContentLink, ContentList } from '@/components/staff/content-list'
import { OfferBadge, PublishedFilter } from '@/components/staff/publication-badge'

const SORTS = [
  { value: 'position', label: 'Position' },
  { value: 'updated', label: 'Recently updated' },
  { value: 'newest', label: 'Newest' },
  { value: 'ending', label: 'Ending soonest' },
] as const

const serviceTitle = (slug: string) => services.find((s) => s.slug === slug)?.title ?? slug

/** Every offer, withdrawn and ended ones included: search, filters, sorting, CSV, and a new offer. */
export function OffersPage() {
  const { filters, change, setPage } = useListFilters<StaffOfferFilters>({
    page: 1,
    search: '',
    sort: 'position',
  })
  return (
    <ContentList
      kind="offers"
      noun={{ one: 'offer', many: 'offers' }}
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{ path: '/api/staff/content/offers/', query: offerQuery(filters), name: 'offers' }}
      filterControls={
        <>
          <PublishedFilter value={filters.active} onChange={(active) => change({ active })} />
          <FilterSelect
            label="Service"
            value={filters.service_type}
            options={services.map((s) => ({ value: s.slug, label: s.title }))}
            onChange={(v) => change({ service_type: v as ServiceSlug | undefined })}
            width={200}
          />
        </>
      }
      list={useStaffOffers(filters)}
      minWidth={760}
      columns={[
        {
          header: 'Offer',
          cell: (o) => (
            <>
              <ContentLink kind="offers" id={o.id}>
                {o.title}
              </ContentLink>
              <Text size="xs" c="dimmed">
                {serviceTitle(o.service_type)}
              </Text>
            </>
          ),
        },
        { header: 'Status', cell: (o) => <OfferBadge offer={o} /> },
        {
          header: 'Price',
          cell: (o) => (
            <>
              {formatMoney(o.price, o.currency)}
              {o.discount_percent !== null && ` (−${o.discount_percent}%)`}
            </>
          ),
        },
        {
          header: 'Period',
          cell: (o) => `${formatDate(o.valid_from)} – ${formatDate(o.valid_until, 'no end')}`,
        },
        { header: 'Position', cell: (o) => o.position },
      ]}
    />
  )
}

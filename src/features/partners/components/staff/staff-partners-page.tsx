import { Image, Text } from '@mantine/core'
import { apiFileUrl } from '@/lib/api-url'
import { useStaffPartners, partnerQuery, type StaffPartnerFilters } from '../../api/get-staff-partners'
import { useListFilters } from '@/components/staff/staff-list'
import { ContentLink, ContentList } from '@/components/staff/content-list'
import { PublishedFilter, PublicationBadge } from '@/components/staff/publication-badge'

const SORTS = [
  { value: 'position', label: 'Position' },
  { value: 'name', label: 'Name' },
  { value: 'newest', label: 'Newest' },
] as const

/** Every partner, unpublished ones included: search, filter, sorting, CSV, and a new partner. */
export function StaffPartnersPage() {
  const { filters, change, setPage } = useListFilters<StaffPartnerFilters>({
    page: 1,
    search: '',
    sort: 'position',
  })
  return (
    <ContentList
      kind="partners"
      noun={{ one: 'partner', many: 'partners' }}
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{ path: '/api/staff/content/partners/', query: partnerQuery(filters), name: 'partners' }}
      filterControls={<PublishedFilter value={filters.active} onChange={(active) => change({ active })} />}
      list={useStaffPartners(filters)}
      minWidth={640}
      columns={[
        {
          header: 'Logo',
          cell: (p) =>
            p.image ? <Image src={apiFileUrl(p.image)} alt="" h={32} w="auto" fit="contain" /> : '—',
        },
        {
          header: 'Partner',
          cell: (p) => (
            <>
              <ContentLink kind="partners" id={p.id}>
                {p.name}
              </ContentLink>
              {p.website && (
                <Text size="xs" c="dimmed">
                  {p.website}
                </Text>
              )}
            </>
          ),
        },
        {
          header: 'Status',
          cell: (p) => <PublicationBadge state={p.is_active ? 'published' : 'unpublished'} />,
        },
        { header: 'Position', cell: (p) => p.position },
      ]}
    />
  )
}

import { Text } from '@mantine/core'
import { staffOfficesApi, type StaffOfficeFilters } from '../../api/staff-offices'
import { useListFilters } from '@/components/staff/staff-list'
import { ContentLink, ContentList } from '@/components/staff/content-list'
import { PublishedFilter, PublicationBadge } from '@/components/staff/publication-badge'

const SORTS = [
  { value: 'position', label: 'Position' },
  { value: 'title', label: 'Title' },
  { value: 'newest', label: 'Newest' },
] as const

/** Every office, unpublished ones included: search, filter, sorting, CSV, and a new office. */
export function OfficesPage() {
  const { filters, change, setPage } = useListFilters<StaffOfficeFilters>({
    page: 1,
    search: '',
    sort: 'position',
  })
  return (
    <ContentList
      kind="offices"
      noun={{ one: 'office', many: 'offices' }}
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{ path: staffOfficesApi.base, query: staffOfficesApi.listQuery(filters), name: 'offices' }}
      filterControls={<PublishedFilter value={filters.active} onChange={(active) => change({ active })} />}
      list={staffOfficesApi.useList(filters)}
      minWidth={640}
      columns={[
        {
          header: 'Office',
          cell: (o) => (
            <>
              <ContentLink kind="offices" id={o.id}>
                {o.title}
              </ContentLink>
              <Text size="xs" c="dimmed">
                {o.address}
              </Text>
            </>
          ),
        },
        {
          header: 'Status',
          cell: (o) => <PublicationBadge state={o.is_active ? 'published' : 'unpublished'} />,
        },
        { header: 'Contact', cell: (o) => [o.phone, o.email].filter(Boolean).join(' · ') || '—' },
        { header: 'Position', cell: (o) => o.position },
      ]}
    />
  )
}

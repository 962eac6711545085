import { Image, Text } from '@mantine/core'
import { apiFileUrl } from '@/lib/api-url'
import { formatDateTime } from '@/lib/format'
import {
  staffPortfolioProjectsApi,
  usePortfolioProjectOptions,
  type StaffPortfolioProjectFilters,
} from '../../api/staff-portfolio-projects'
import { FilterSelect } from '@/components/staff/list-toolbar'
import { useListFilters } from '@/components/staff/staff-list'
import { ContentLink, ContentList } from '@/components/staff/content-list'
import { PublishedFilter, PublicationBadge } from '@/components/staff/publication-badge'

const SORTS = [
  { value: 'order', label: 'Listing order' },
  { value: 'name', label: 'Name' },
  { value: 'newest', label: 'Newest' },
  { value: 'updated', label: 'Recently updated' },
] as const

/** Every portfolio project of /projects, unpublished ones included: search, filters, sorting, CSV, and a new one. */
export function PortfolioProjectsPage() {
  const { filters, change, setPage } = useListFilters<StaffPortfolioProjectFilters>({
    page: 1,
    search: '',
    sort: 'order',
  })
  const options = usePortfolioProjectOptions()
  return (
    <ContentList
      kind="projects"
      noun={{ one: 'project', many: 'projects' }}
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{
        path: staffPortfolioProjectsApi.base,
        query: staffPortfolioProjectsApi.listQuery(filters),
        name: 'portfolio-projects',
      }}
      filterControls={
        <>
          <PublishedFilter value={filters.active} onChange={(active) => change({ active })} />
          <FilterSelect
            label="Profile"
            value={filters.category?.toString()}
            options={(options.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            onChange={(v) => change({ category: v ? Number(v) : undefined })}
          />
        </>
      }
      list={staffPortfolioProjectsApi.useList(filters)}
      minWidth={760}
      columns={[
        {
          header: 'Logo',
          cell: (p) =>
            p.logo ? <Image src={apiFileUrl(p.logo)} alt="" h={32} w="auto" fit="contain" /> : '—',
        },
        {
          header: 'Project',
          cell: (p) => (
            <>
              <ContentLink kind="projects" id={p.id}>
                {p.name}
              </ContentLink>
              <Text size="xs" c="dimmed">
                {p.path}
              </Text>
            </>
          ),
        },
        {
          header: 'Status',
          cell: (p) => <PublicationBadge state={p.is_active ? 'published' : 'unpublished'} />,
        },
        { header: 'Profile', cell: (p) => p.category ?? '—' },
        { header: 'Order', cell: (p) => p.order },
        { header: 'Updated', cell: (p) => formatDateTime(p.updated_at) },
      ]}
    />
  )
}

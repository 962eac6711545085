import { Anchor, Button, Group, Image, Stack, Table, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { exportList } from '../../api/export-list'
import { partnerQuery, useStaffPartners, type StaffPartnerFilters } from '../../api/get-staff-partners'
import { ListToolbar } from '../list-toolbar'
import { PublishedFilter, PublicationBadge } from './publication-badge'

const SORTS = [
  { value: 'position', label: 'Position' },
  { value: 'name', label: 'Name' },
  { value: 'newest', label: 'Newest' },
] as const

/** Every partner, unpublished ones included: search, filter, sorting, CSV, and a new partner. */
export function PartnersPage() {
  const [filters, setFilters] = useState<StaffPartnerFilters>({ page: 1, search: '', sort: 'position' })
  const partners = useStaffPartners(filters)
  const change = (next: Partial<StaffPartnerFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }))
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          component={Link}
          to="/staff/content/partners/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New partner
        </Button>
      </Group>
      <ListToolbar
        searchLabel="Search partners"
        search={filters.search}
        onSearch={(search) => change({ search })}
        sort={filters.sort}
        sorts={SORTS}
        onSort={(sort) => change({ sort: sort as StaffPartnerFilters['sort'] })}
        onExport={() => exportList('/api/staff/content/partners/', partnerQuery(filters), 'partners')}
      >
        <PublishedFilter value={filters.active} onChange={(active) => change({ active })} />
      </ListToolbar>
      {partners.isPending ? (
        <LoadingPanel label="Loading partners..." />
      ) : partners.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void partners.refetch()} />
      ) : partners.data.results.length === 0 ? (
        <EmptyState title="No partners" message="No partner matches these filters." />
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Logo</Table.Th>
                  <Table.Th>Partner</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Position</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {partners.data.results.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td w={80}>
                      {p.image ? <Image src={p.image} alt="" h={32} w="auto" fit="contain" /> : '—'}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link to="/staff/content/partners/$id" params={{ id: String(p.id) }} {...props} />
                        )}
                      >
                        {p.name}
                      </Anchor>
                      {p.website && (
                        <Text size="xs" c="dimmed">
                          {p.website}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <PublicationBadge state={p.is_active ? 'published' : 'unpublished'} />
                    </Table.Td>
                    <Table.Td>{p.position}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(partners.data.count, STAFF_PAGE_SIZE)}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            label="Partner pages"
          />
        </>
      )}
    </Stack>
  )
}

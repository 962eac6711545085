import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { services, type ServiceSlug } from '@/contract/services'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { formatDate, formatMoney } from '@/lib/format'
import { exportList } from '../../api/export-list'
import { offerQuery, useStaffOffers, type StaffOfferFilters } from '../../api/get-staff-offers'
import { FilterSelect, ListToolbar } from '../list-toolbar'
import { OfferBadge, PublishedFilter } from './publication-badge'

const SORTS = [
  { value: 'position', label: 'Position' },
  { value: 'updated', label: 'Recently updated' },
  { value: 'newest', label: 'Newest' },
  { value: 'ending', label: 'Ending soonest' },
] as const

const serviceTitle = (slug: string) => services.find((s) => s.slug === slug)?.title ?? slug

/** Every offer, withdrawn and ended ones included: search, filters, sorting, CSV, and a new offer. */
export function OffersPage() {
  const [filters, setFilters] = useState<StaffOfferFilters>({ page: 1, search: '', sort: 'position' })
  const offers = useStaffOffers(filters)
  const change = (next: Partial<StaffOfferFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }))
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          component={Link}
          to="/staff/content/offers/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New offer
        </Button>
      </Group>
      <ListToolbar
        searchLabel="Search offers"
        search={filters.search}
        onSearch={(search) => change({ search })}
        sort={filters.sort}
        sorts={SORTS}
        onSort={(sort) => change({ sort: sort as StaffOfferFilters['sort'] })}
        onExport={() => exportList('/api/staff/content/offers/', offerQuery(filters), 'offers')}
      >
        <PublishedFilter value={filters.active} onChange={(active) => change({ active })} />
        <FilterSelect
          label="Service"
          value={filters.service_type}
          options={services.map((s) => ({ value: s.slug, label: s.title }))}
          onChange={(v) => change({ service_type: v as ServiceSlug | undefined })}
          width={200}
        />
      </ListToolbar>
      {offers.isPending ? (
        <LoadingPanel label="Loading offers..." />
      ) : offers.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void offers.refetch()} />
      ) : offers.data.results.length === 0 ? (
        <EmptyState title="No offers" message="No offer matches these filters." />
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Offer</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Period</Table.Th>
                  <Table.Th>Position</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {offers.data.results.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link to="/staff/content/offers/$id" params={{ id: String(o.id) }} {...props} />
                        )}
                      >
                        {o.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {serviceTitle(o.service_type)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <OfferBadge offer={o} />
                    </Table.Td>
                    <Table.Td>
                      {formatMoney(o.price, o.currency)}
                      {o.discount_percent !== null && ` (−${o.discount_percent}%)`}
                    </Table.Td>
                    <Table.Td>
                      {formatDate(o.valid_from)} – {formatDate(o.valid_until, 'no end')}
                    </Table.Td>
                    <Table.Td>{o.position}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(offers.data.count, STAFF_PAGE_SIZE)}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            label="Offer pages"
          />
        </>
      )}
    </Stack>
  )
}

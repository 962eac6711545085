import { Anchor, Stack, Table, Text, TextInput } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  CHECKOUT_METHODS,
  ORDER_KINDS,
  ORDER_STATUSES,
  type CheckoutMethod,
  type OrderKind,
  type OrderStatus,
} from '@/contract/payments'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { staffOrderPaths, type StaffOrderSort } from '@/contract/staff-orders'
import { statusLabel } from '@/contract/status-colours'
import { Pagination, pageCount } from '@/components/pagination'
import { StatusBadge } from '@/components/status-badge'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { formatDateTime, formatMoney } from '@/lib/format'
import { exportList } from '../api/export-list'
import { useClientOptions } from '../api/get-options'
import { orderQuery, useStaffOrders, type StaffOrderFilters } from '../api/get-orders'
import { FilterSelect, ListToolbar } from './list-toolbar'

const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'paid', label: 'Recently paid' },
  { value: 'amount', label: 'Largest amount' },
  { value: 'amount_asc', label: 'Smallest amount' },
] as const
const labelled = (values: readonly string[]) => values.map((value) => ({ value, label: statusLabel(value) }))
export const GATEWAY_LABELS: Record<CheckoutMethod, string> = {
  stripe: 'Card (Stripe)',
  paymob: 'Paymob',
  fawry: 'Fawry',
  wallet: 'Wallet',
}

/** Filters a link may open the list with (the overview's payments today, a client's page). */
export type OrderListSearch = Partial<Pick<StaffOrderFilters, 'status' | 'client' | 'from' | 'to'>>

/** Every client's orders: search, filters, sorting, pages and CSV export like the other staff lists. */
export function OrdersPage({ initial = {} }: { initial?: OrderListSearch }) {
  const [filters, setFilters] = useState<StaffOrderFilters>({
    page: 1,
    search: '',
    sort: 'newest',
    ...initial,
  })
  const orders = useStaffOrders(filters)
  const clients = useClientOptions()
  const change = (next: Partial<StaffOrderFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }))
  const dateError = filters.from && filters.to && filters.from > filters.to
  return (
    <Stack gap="md">
      <ListToolbar
        searchLabel="Search orders"
        search={filters.search}
        onSearch={(search) => change({ search })}
        sort={filters.sort}
        sorts={SORTS}
        onSort={(sort) => change({ sort: sort as StaffOrderSort })}
        onExport={() => exportList(staffOrderPaths.list, orderQuery(filters), 'orders')}
      >
        <FilterSelect
          label="Status"
          value={filters.status}
          options={labelled(ORDER_STATUSES)}
          onChange={(v) => change({ status: v as OrderStatus | undefined })}
          width={140}
        />
        <FilterSelect
          label="Kind"
          value={filters.kind}
          options={labelled(ORDER_KINDS)}
          onChange={(v) => change({ kind: v as OrderKind | undefined })}
        />
        <FilterSelect
          label="Gateway"
          value={filters.gateway}
          options={CHECKOUT_METHODS.map((value) => ({ value, label: GATEWAY_LABELS[value] }))}
          onChange={(v) => change({ gateway: v as CheckoutMethod | undefined })}
          width={150}
        />
        <FilterSelect
          label="Client"
          value={filters.client?.toString()}
          options={(clients.data?.results ?? []).map((c) => ({
            value: String(c.id),
            label: c.company_name || c.email,
          }))}
          onChange={(v) => change({ client: v ? Number(v) : undefined })}
        />
        <TextInput
          type="date"
          label="From"
          value={filters.from ?? ''}
          onChange={(e) => change({ from: e.currentTarget.value || undefined })}
          w={150}
        />
        <TextInput
          type="date"
          label="To"
          value={filters.to ?? ''}
          onChange={(e) => change({ to: e.currentTarget.value || undefined })}
          error={dateError ? 'Before the start date' : undefined}
          w={150}
        />
      </ListToolbar>
      {orders.isPending ? (
        <LoadingPanel label="Loading orders..." />
      ) : orders.isError ? (
        <ErrorPanel
          message={orders.error instanceof Error ? orders.error.message : staffMessages.loadFailed}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.results.length === 0 ? (
        <EmptyState title="No orders" message="No order matches these filters." />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {orders.data.count} order{orders.data.count === 1 ? '' : 's'}
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Gateway</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.results.map((order) => (
                  <Table.Tr key={order.id} data-order-id={order.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link to="/staff/orders/$id" params={{ id: String(order.id) }} {...props} />
                        )}
                      >
                        #{order.id} {order.description}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {order.client.company_name || order.client.name}
                      <Text size="xs" c="dimmed">
                        {order.client.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{statusLabel(order.kind)}</Table.Td>
                    <Table.Td>{formatMoney(order.amount, order.currency)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={order.status} kind="order" />
                    </Table.Td>
                    <Table.Td>{order.gateway ? GATEWAY_LABELS[order.gateway] : '—'}</Table.Td>
                    <Table.Td>{formatDateTime(order.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(orders.data.count, STAFF_PAGE_SIZE)}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            label="Order pages"
          />
        </>
      )}
    </Stack>
  )
}

import { Text, TextInput } from '@mantine/core'
import {
  CHECKOUT_METHODS,
  ORDER_KINDS,
  ORDER_STATUSES,
  type CheckoutMethod,
  type OrderKind,
  type OrderStatus,
} from '@/contract/payments'
import { staffOrderPaths } from '@/contract/payments-staff'
import { statusLabel } from '@/contract/status-colours'
import { StatusBadge } from '@/components/status-badge'
import { formatDateTime, formatMoney } from '@/lib/format'
import { orderQuery, useStaffOrders, type StaffOrderFilters } from '../../api/get-staff-orders'
import { ClientFilter, FilterSelect, statusOptions } from '@/components/staff/list-toolbar'
import { RecordLink, StaffList, useListFilters } from '@/components/staff/staff-list'

const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'paid', label: 'Recently paid' },
  { value: 'amount', label: 'Largest amount' },
  { value: 'amount_asc', label: 'Smallest amount' },
] as const
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
  const { filters, change, setPage } = useListFilters<StaffOrderFilters>({
    page: 1,
    search: '',
    sort: 'newest',
    ...initial,
  })
  const dateError = filters.from && filters.to && filters.from > filters.to
  return (
    <StaffList
      noun={{ one: 'order', many: 'orders' }}
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{ path: staffOrderPaths.list, query: orderQuery(filters), name: 'orders' }}
      filterControls={
        <>
          <FilterSelect
            label="Status"
            value={filters.status}
            options={statusOptions(ORDER_STATUSES)}
            onChange={(v) => change({ status: v as OrderStatus | undefined })}
            width={140}
          />
          <FilterSelect
            label="Kind"
            value={filters.kind}
            options={statusOptions(ORDER_KINDS)}
            onChange={(v) => change({ kind: v as OrderKind | undefined })}
          />
          <FilterSelect
            label="Gateway"
            value={filters.gateway}
            options={CHECKOUT_METHODS.map((value) => ({ value, label: GATEWAY_LABELS[value] }))}
            onChange={(v) => change({ gateway: v as CheckoutMethod | undefined })}
            width={150}
          />
          <ClientFilter value={filters.client} onChange={(client) => change({ client })} />
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
        </>
      }
      list={useStaffOrders(filters)}
      minWidth={900}
      rowData={(order) => ({ 'data-order-id': order.id })}
      columns={[
        {
          header: 'Order',
          cell: (order) => (
            <RecordLink to="/staff/orders/$id" id={order.id}>
              #{order.id} {order.description}
            </RecordLink>
          ),
        },
        {
          header: 'Client',
          cell: (order) => (
            <>
              {order.client.company_name || order.client.name}
              <Text size="xs" c="dimmed">
                {order.client.email}
              </Text>
            </>
          ),
        },
        { header: 'Kind', cell: (order) => statusLabel(order.kind) },
        { header: 'Amount', cell: (order) => formatMoney(order.amount, order.currency) },
        { header: 'Status', cell: (order) => <StatusBadge status={order.status} kind="order" /> },
        { header: 'Gateway', cell: (order) => (order.gateway ? GATEWAY_LABELS[order.gateway] : '—') },
        { header: 'Created', cell: (order) => formatDateTime(order.created_at) },
      ]}
    />
  )
}

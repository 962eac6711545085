import { Anchor } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { staffMessages } from '@/contract/staff'
import { StatusBadge } from '@/components/status-badge'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { formatDateTime, formatMoney } from '@/lib/format'
import { useStaffOrders } from '../../api/get-staff-orders'
import { RecordSection, RecordTable } from '@/components/staff/record-section'
import { RecordLink } from '@/components/staff/staff-list'

/** How many of a client's newest orders their page lists. */
const CLIENT_ORDERS_SHOWN = 5

/** The client's newest orders, linking to each and to the whole filtered list. */
export function ClientOrders({ clientId }: { clientId: number }) {
  const orders = useStaffOrders({ page: 1, search: '', sort: 'newest', client: clientId })
  return (
    <RecordSection
      title="Orders and payments"
      aside={
        <Anchor
          size="sm"
          renderRoot={(props) => <Link to="/staff/orders" search={{ client: clientId }} {...props} />}
        >
          All orders of this client
        </Anchor>
      }
    >
      {orders.isPending ? (
        <LoadingPanel />
      ) : orders.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void orders.refetch()} />
      ) : (
        <RecordTable
          rows={orders.data.results.slice(0, CLIENT_ORDERS_SHOWN)}
          empty="No orders yet."
          columns={[
            {
              cell: (o) => (
                <RecordLink to="/staff/orders/$id" id={o.id}>
                  #{o.id} {o.description}
                </RecordLink>
              ),
            },
            { cell: (o) => formatMoney(o.amount, o.currency) },
            { cell: (o) => <StatusBadge status={o.status} kind="order" /> },
            { cell: (o) => formatDateTime(o.created_at) },
          ]}
        />
      )}
    </RecordSection>
  )
}

import { createFileRoute } from '@tanstack/react-router'
import { isCalendarDate } from '@/contract/common'
import { ORDER_STATUSES, type OrderStatus } from '@/contract/payments'
import { OrdersPage, type OrderListSearch } from '@/features/payments/components/staff/orders-page'

const isStatus = (value: unknown): value is OrderStatus =>
  (ORDER_STATUSES as readonly unknown[]).includes(value)
const day = (value: unknown) => (typeof value === 'string' && isCalendarDate(value) ? value : undefined)

/** Links may open the list filtered (`?status=paid&from=…`, `?client=…`); anything else is dropped. */
export const Route = createFileRoute('/_portal/staff/orders/')({
  validateSearch: (search: Record<string, unknown>): OrderListSearch => {
    const client = Number(search.client)
    return {
      ...(isStatus(search.status) ? { status: search.status } : {}),
      ...(Number.isInteger(client) && client > 0 ? { client } : {}),
      ...(day(search.from) ? { from: day(search.from) } : {}),
      ...(day(search.to) ? { to: day(search.to) } : {}),
    }
  },
  component: function StaffOrdersRoute() {
    const search = Route.useSearch()
    return <OrdersPage key={JSON.stringify(search)} initial={search} />
  },
})

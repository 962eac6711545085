import { createFileRoute } from '@tanstack/react-router'
import { OrderPage } from '@/features/payments/components/staff/order-page'

export const Route = createFileRoute('/_portal/staff/orders/$id')({
  component: function StaffOrderRoute() {
    const { id } = Route.useParams()
    return <OrderPage id={Number(id)} />
  },
})

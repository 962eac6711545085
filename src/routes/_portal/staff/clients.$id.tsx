import { createFileRoute } from '@tanstack/react-router'
import { ClientPage } from '@/features/accounts/components/staff/client-page'
import { ClientOrders } from '@/features/payments/components/staff/client-orders'

export const Route = createFileRoute('/_portal/staff/clients/$id')({
  component: function StaffClientRoute() {
    const { id } = Route.useParams()
    return <ClientPage id={Number(id)} orders={<ClientOrders clientId={Number(id)} />} />
  },
})

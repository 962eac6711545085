import { createFileRoute } from '@tanstack/react-router'
import { TicketPage } from '@/features/support/components/staff/ticket-page'

export const Route = createFileRoute('/_portal/staff/tickets/$id')({
  component: function StaffTicketRoute() {
    const { id } = Route.useParams()
    return <TicketPage id={Number(id)} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { ClientPage } from '@/features/staff/components/client-page'

export const Route = createFileRoute('/_portal/staff/clients/$id')({
  component: function StaffClientRoute() {
    const { id } = Route.useParams()
    return <ClientPage id={Number(id)} />
  },
})

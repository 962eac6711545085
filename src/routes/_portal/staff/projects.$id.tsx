import { createFileRoute } from '@tanstack/react-router'
import { ClientProjectPage } from '@/features/portal/components/staff/client-project-page'

export const Route = createFileRoute('/_portal/staff/projects/$id')({
  component: function StaffProjectRoute() {
    const { id } = Route.useParams()
    return <ClientProjectPage id={Number(id)} />
  },
})

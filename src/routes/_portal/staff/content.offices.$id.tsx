import { createFileRoute } from '@tanstack/react-router'
import { OfficePage } from '@/features/offices/components/staff/office-page'

export const Route = createFileRoute('/_portal/staff/content/offices/$id')({
  component: function StaffOfficePageRoute() {
    const { id } = Route.useParams()
    return <OfficePage id={Number(id)} />
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { PartnerPage } from '@/features/partners/components/staff/partner-page'

export const Route = createFileRoute('/_portal/staff/content/partners/$id')({
  component: function StaffPartnerRoute() {
    const { id } = Route.useParams()
    return <PartnerPage id={Number(id)} />
  },
})

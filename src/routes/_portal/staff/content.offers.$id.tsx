import { createFileRoute } from '@tanstack/react-router'
import { OfferPage } from '@/features/offers/components/staff/offer-page'

export const Route = createFileRoute('/_portal/staff/content/offers/$id')({
  component: function StaffOfferRoute() {
    const { id } = Route.useParams()
    return <OfferPage id={Number(id)} />
  },
})

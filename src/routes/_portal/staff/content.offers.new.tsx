import { createFileRoute } from '@tanstack/react-router'
import { NewOfferPage } from '@/features/staff/components/content/offer-page'

export const Route = createFileRoute('/_portal/staff/content/offers/new')({ component: NewOfferPage })

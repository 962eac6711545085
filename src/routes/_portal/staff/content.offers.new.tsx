import { createFileRoute } from '@tanstack/react-router'
import { NewOfferPage } from '@/features/offers/components/staff/offer-page'

export const Route = createFileRoute('/_portal/staff/content/offers/new')({ component: NewOfferPage })

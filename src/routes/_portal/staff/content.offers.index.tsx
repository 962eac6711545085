import { createFileRoute } from '@tanstack/react-router'
import { OffersPage } from '@/features/offers/components/staff/offers-page'

export const Route = createFileRoute('/_portal/staff/content/offers/')({ component: OffersPage })

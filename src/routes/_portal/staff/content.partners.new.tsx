import { createFileRoute } from '@tanstack/react-router'
import { NewPartnerPage } from '@/features/partners/components/staff/partner-page'

export const Route = createFileRoute('/_portal/staff/content/partners/new')({ component: NewPartnerPage })

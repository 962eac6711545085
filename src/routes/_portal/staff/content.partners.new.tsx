import { createFileRoute } from '@tanstack/react-router'
import { NewPartnerPage } from '@/features/staff/components/content/partner-page'

export const Route = createFileRoute('/_portal/staff/content/partners/new')({ component: NewPartnerPage })

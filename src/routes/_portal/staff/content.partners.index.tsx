import { createFileRoute } from '@tanstack/react-router'
import { StaffPartnersPage } from '@/features/partners/components/staff/staff-partners-page'

export const Route = createFileRoute('/_portal/staff/content/partners/')({ component: StaffPartnersPage })

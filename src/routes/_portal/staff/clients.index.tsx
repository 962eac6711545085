import { createFileRoute } from '@tanstack/react-router'
import { StaffClientsPage } from '@/features/accounts/components/staff/staff-clients-page'

export const Route = createFileRoute('/_portal/staff/clients/')({ component: StaffClientsPage })

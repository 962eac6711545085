import { createFileRoute } from '@tanstack/react-router'
import { ClientsPage } from '@/features/accounts/components/staff/clients-page'

export const Route = createFileRoute('/_portal/staff/clients/')({ component: ClientsPage })

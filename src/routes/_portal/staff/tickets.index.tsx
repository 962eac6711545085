import { createFileRoute } from '@tanstack/react-router'
import { TicketsPage } from '@/features/support/components/staff/tickets-page'

export const Route = createFileRoute('/_portal/staff/tickets/')({ component: TicketsPage })

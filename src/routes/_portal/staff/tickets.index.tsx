import { createFileRoute } from '@tanstack/react-router'
import { TicketsPage } from '@/features/staff/components/tickets-page'

export const Route = createFileRoute('/_portal/staff/tickets/')({ component: TicketsPage })

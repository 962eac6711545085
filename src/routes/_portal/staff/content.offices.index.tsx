import { createFileRoute } from '@tanstack/react-router'
import { OfficesPage } from '@/features/staff/components/content/offices-page'

export const Route = createFileRoute('/_portal/staff/content/offices/')({ component: OfficesPage })

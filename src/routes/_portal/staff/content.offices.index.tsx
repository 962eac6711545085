import { createFileRoute } from '@tanstack/react-router'
import { OfficesPage } from '@/features/offices/components/staff/offices-page'

export const Route = createFileRoute('/_portal/staff/content/offices/')({ component: OfficesPage })

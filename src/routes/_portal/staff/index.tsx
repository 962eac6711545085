import { createFileRoute } from '@tanstack/react-router'
import { OverviewPage } from '@/features/staff/components/overview-page'

export const Route = createFileRoute('/_portal/staff/')({ component: OverviewPage })

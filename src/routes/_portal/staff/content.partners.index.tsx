import { createFileRoute } from '@tanstack/react-router'
import { PartnersPage } from '@/features/staff/components/content/partners-page'

export const Route = createFileRoute('/_portal/staff/content/partners/')({ component: PartnersPage })

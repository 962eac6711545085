import { createFileRoute } from '@tanstack/react-router'
import { ClientProjectsPage } from '@/features/portal/components/staff/client-projects-page'

export const Route = createFileRoute('/_portal/staff/projects/')({ component: ClientProjectsPage })

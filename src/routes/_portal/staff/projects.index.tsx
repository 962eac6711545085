import { createFileRoute } from '@tanstack/react-router'
import { ProjectsPage } from '@/features/staff/components/projects-page'

export const Route = createFileRoute('/_portal/staff/projects/')({ component: ProjectsPage })

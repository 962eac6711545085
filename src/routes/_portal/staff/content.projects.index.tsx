import { createFileRoute } from '@tanstack/react-router'
import { ProjectsContentPage } from '@/features/staff/components/content/projects-page'

export const Route = createFileRoute('/_portal/staff/content/projects/')({ component: ProjectsContentPage })

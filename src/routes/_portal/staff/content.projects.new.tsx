import { createFileRoute } from '@tanstack/react-router'
import { NewProjectPage } from '@/features/projects/components/staff/portfolio-project-page'

export const Route = createFileRoute('/_portal/staff/content/projects/new')({ component: NewProjectPage })

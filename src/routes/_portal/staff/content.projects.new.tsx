import { createFileRoute } from '@tanstack/react-router'
import { NewProjectPage } from '@/features/staff/components/content/project-page'

export const Route = createFileRoute('/_portal/staff/content/projects/new')({ component: NewProjectPage })

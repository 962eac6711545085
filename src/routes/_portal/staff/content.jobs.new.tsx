import { createFileRoute } from '@tanstack/react-router'
import { NewJobPage } from '@/features/careers/components/staff/job-page'

export const Route = createFileRoute('/_portal/staff/content/jobs/new')({ component: NewJobPage })

import { createFileRoute } from '@tanstack/react-router'
import { JobsPage } from '@/features/careers/components/staff/jobs-page'

export const Route = createFileRoute('/_portal/staff/content/jobs/')({ component: JobsPage })

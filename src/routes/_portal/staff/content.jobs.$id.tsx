import { createFileRoute } from '@tanstack/react-router'
import { JobPage } from '@/features/careers/components/staff/job-page'

export const Route = createFileRoute('/_portal/staff/content/jobs/$id')({
  component: function StaffJobRoute() {
    const { id } = Route.useParams()
    return <JobPage id={Number(id)} />
  },
})

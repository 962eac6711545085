import { createFileRoute } from '@tanstack/react-router'
import { PortfolioProjectPage } from '@/features/projects/components/staff/portfolio-project-page'

export const Route = createFileRoute('/_portal/staff/content/projects/$id')({
  component: function StaffProjectPageRoute() {
    const { id } = Route.useParams()
    return <PortfolioProjectPage id={Number(id)} />
  },
})

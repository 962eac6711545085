import { createFileRoute } from '@tanstack/react-router'
import { NewPortfolioProjectPage } from '@/features/projects/components/staff/portfolio-project-page'

export const Route = createFileRoute('/_portal/staff/content/projects/new')({
  component: NewPortfolioProjectPage,
})

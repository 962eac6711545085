import { createFileRoute } from '@tanstack/react-router'
import { PortfolioProjectsPage } from '@/features/projects/components/staff/portfolio-projects-page'

export const Route = createFileRoute('/_portal/staff/content/projects/')({ component: PortfolioProjectsPage })

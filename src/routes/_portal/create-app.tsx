import { createFileRoute } from '@tanstack/react-router'
import { CreateAppWizard } from '@/features/apps/components/create-app-wizard'

export const Route = createFileRoute('/_portal/create-app')({
  component: CreateAppWizard,
})

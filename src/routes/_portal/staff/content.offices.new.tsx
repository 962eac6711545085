import { createFileRoute } from '@tanstack/react-router'
import { NewOfficePage } from '@/features/offices/components/staff/office-page'

export const Route = createFileRoute('/_portal/staff/content/offices/new')({ component: NewOfficePage })

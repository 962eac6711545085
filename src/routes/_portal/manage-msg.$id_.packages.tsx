import { createFileRoute } from '@tanstack/react-router'
import { PackageManagementPage } from '@/features/apps/components/package-management-page'

export const Route = createFileRoute('/_portal/manage-msg/$id_/packages')({
  component: PackageManagementPage,
})

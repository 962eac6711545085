import { createFileRoute } from '@tanstack/react-router'
import { CertificateManagementPage } from '@/features/certificates/components/management-page'

export const Route = createFileRoute('/_portal/certificate-management')({
  component: CertificateManagementPage,
})

import { createFileRoute } from '@tanstack/react-router'
import { AuditPage } from '@/features/staff/components/audit-page'

export const Route = createFileRoute('/_portal/staff/audit')({ component: AuditPage })

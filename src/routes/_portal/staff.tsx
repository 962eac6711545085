import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireStaff } from '@/components/auth-guard'
import { StaffLayout } from '@/features/staff/components/staff-layout'

/** The staff console (issue 15): staff only; its screens are split into their own chunks. */
export const Route = createFileRoute('/_portal/staff')({
  beforeLoad: () => requireStaff(),
  component: () => (
    <StaffLayout>
      <Outlet />
    </StaffLayout>
  ),
})

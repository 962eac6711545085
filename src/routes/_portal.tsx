import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AuthGuard } from '@/components/auth-guard'

/** Every signed-in page sits under this pathless layout and its login guard. */
export const Route = createFileRoute('/_portal')({
  component: () => (
    <AuthGuard>
      <Outlet />
    </AuthGuard>
  ),
})

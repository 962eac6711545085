import { createFileRoute, Outlet } from '@tanstack/react-router'
import { OfflineBanner } from '@/components/offline-banner'
import { AuthGuard, requireSignedIn, VerifyingAuthentication } from '@/components/auth-guard'
import { InstallAppOffer } from '@/components/install-app'

/** Every signed-in page sits under this pathless layout and its login guard. */
export const Route = createFileRoute('/_portal')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  pendingComponent: VerifyingAuthentication,
  pendingMs: 150,
  component: () => (
    <AuthGuard>
      <OfflineBanner />
      <InstallAppOffer />
      <Outlet />
    </AuthGuard>
  ),
})

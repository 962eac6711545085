import { createFileRoute, Outlet } from '@tanstack/react-router'
import { OfflineBanner } from '@/components/offline-banner'
import { AuthGuard, requireSignedIn, VerifyingAuthentication } from '@/components/auth-guard'
import { InstallAppOffer } from '@/components/install-app'

/** Every signed-in page sits under this pathless layout and its login guard. */
export const Route = createFileRoute('/_portal')({
  beforeLoad: ({ location }) => requireSignedIn(location),
  pendingComponent: VerifyingAuthentication,
  pendingMs: 150,
  // Once shown, the panel stays at least this long (no flash), not the router's default 500 ms: a cold
  // offline start whose check ended just after the panel appeared kept the ready dashboard hidden for
  // up to half a second more (issue 27, offline dashboard within 1 s).
  pendingMinMs: 200,
  component: () => (
    <AuthGuard>
      <OfflineBanner />
      <InstallAppOffer />
      <Outlet />
    </AuthGuard>
  ),
})

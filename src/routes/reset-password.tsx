import { createFileRoute, Navigate, useLocation } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { ResetPasswordPage } from '@/features/recovery/components/reset-password-page'

export const Route = createFileRoute('/reset-password')({
  component: function ResetPasswordRoute() {
    const reset = useLocation({ select: (location) => location.state.reset })
    // Spec §2.9: without the verified state from the code screen, go back to /forgot-password.
    if (!reset?.verified) return <Navigate to="/forgot-password" replace />
    return (
      <OnlineOnly>
        <ResetPasswordPage state={reset} />
      </OnlineOnly>
    )
  },
})

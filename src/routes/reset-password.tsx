import { createFileRoute, redirect, useLocation } from '@tanstack/react-router'
import { useState } from 'react'
import { OnlineOnly } from '@/components/offline-notice'
import { ResetPasswordPage } from '@/features/recovery/components/reset-password-page'

export const Route = createFileRoute('/reset-password')({
  // Spec §2.9: without the verified state from the code screen, go back to /forgot-password.
  beforeLoad: ({ location }) => {
    if (!location.state.reset?.verified) throw redirect({ to: '/forgot-password', replace: true })
  },
  component: function ResetPasswordRoute() {
    const location = useLocation()
    // Read once: leaving this page changes the location (and its state) before this component unmounts.
    const [state] = useState(() => location.state.reset)
    if (!state?.verified) return null
    return (
      <OnlineOnly>
        <ResetPasswordPage state={state} />
      </OnlineOnly>
    )
  },
})

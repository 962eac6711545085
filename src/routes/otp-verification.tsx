import { createFileRoute, Navigate, useLocation } from '@tanstack/react-router'
import { useState } from 'react'
import { OnlineOnly } from '@/components/offline-notice'
import { OtpVerificationPage } from '@/features/recovery/components/otp-verification-page'

export const Route = createFileRoute('/otp-verification')({
  component: function OtpVerificationRoute() {
    const location = useLocation()
    // Read once: leaving this page changes the location (and its state) before this component unmounts.
    const [state] = useState(() => location.state.otp)
    // Spec §2.9: the code screen needs the recovery context; without it, recovery starts over.
    if (!state) return <Navigate to="/forgot-password" replace />
    return (
      <OnlineOnly>
        <OtpVerificationPage state={state} />
      </OnlineOnly>
    )
  },
})

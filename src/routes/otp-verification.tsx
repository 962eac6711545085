import { createFileRoute, redirect, useLocation } from '@tanstack/react-router'
import { useState } from 'react'
import { OnlineOnly } from '@/components/offline-notice'
import { OtpVerificationPage } from '@/features/recovery/components/otp-verification-page'

export const Route = createFileRoute('/otp-verification')({
  // Spec §2.9: the code screen needs the recovery context; without it, recovery starts over.
  beforeLoad: ({ location }) => {
    if (!location.state.otp) throw redirect({ to: '/forgot-password', replace: true })
  },
  component: function OtpVerificationRoute() {
    const location = useLocation()
    // Read once: leaving this page changes the location (and its state) before this component unmounts.
    const [state] = useState(() => location.state.otp)
    if (!state) return null
    return (
      <OnlineOnly>
        <OtpVerificationPage state={state} />
      </OnlineOnly>
    )
  },
})

import { createFileRoute, Navigate, useLocation } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { OtpVerificationPage } from '@/features/recovery/components/otp-verification-page'

export const Route = createFileRoute('/otp-verification')({
  component: function OtpVerificationRoute() {
    const otp = useLocation({ select: (location) => location.state.otp })
    // Spec §2.9: the code screen needs the recovery context; without it, recovery starts over.
    if (!otp) return <Navigate to="/forgot-password" replace />
    return (
      <OnlineOnly>
        <OtpVerificationPage state={otp} />
      </OnlineOnly>
    )
  },
})

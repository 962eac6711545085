import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { ForgotPasswordPage } from '@/features/recovery/components/forgot-password-page'

export const Route = createFileRoute('/forgot-password')({
  component: () => (
    <OnlineOnly>
      <ForgotPasswordPage />
    </OnlineOnly>
  ),
})

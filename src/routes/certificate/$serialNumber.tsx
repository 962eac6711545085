import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { VerifyPage } from '@/features/certificates/components/verify-page'

export const Route = createFileRoute('/certificate/$serialNumber')({
  component: function CertificateRoute() {
    const { serialNumber } = Route.useParams()
    return (
      <OnlineOnly>
        <VerifyPage key={serialNumber} serial={serialNumber} />
      </OnlineOnly>
    )
  },
})

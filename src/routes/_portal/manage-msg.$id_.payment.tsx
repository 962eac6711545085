import { createFileRoute } from '@tanstack/react-router'
import { readRecordId } from '@/contract/ids'
import { AppNotFound } from '@/features/apps/components/manage-app-page'
import { PendingAppPaymentPage } from '@/features/apps/components/pending-app-payment-page'
import { useCheckoutDocument } from '@/features/payments/use-checkout-document'
import { AppOrderCheckout } from '../-app-checkout'

export const Route = createFileRoute('/_portal/manage-msg/$id_/payment')({
  component: function PendingAppPaymentRoute() {
    useCheckoutDocument()
    const { id } = Route.useParams()
    const appId = readRecordId(id)
    if (appId === null) return <AppNotFound />
    return <PendingAppPaymentPage appId={appId} checkout={(props) => <AppOrderCheckout {...props} />} />
  },
})

import { createFileRoute, redirect } from '@tanstack/react-router'
import { readRecordId } from '@/contract/ids'
import { PaymentSuccessPage } from '@/features/payments/components/payment-success-page'
import { ReceiptButton } from '@/features/receipts/components/receipt-button'

export const Route = createFileRoute('/payment/success/$orderId')({
  // An order id that is no id shows the page without an order.
  beforeLoad: ({ params }) => {
    if (readRecordId(params.orderId) === null) throw redirect({ to: '/payment/success', replace: true })
  },
  component: function PaymentSuccessRoute() {
    const { orderId } = Route.useParams()
    const id = readRecordId(orderId) ?? undefined
    return <PaymentSuccessPage key={orderId} orderId={id} receipt={receiptOf} />
  },
})

function receiptOf(orderId: number) {
  return <ReceiptButton orderId={orderId} />
}

import { createFileRoute, redirect } from '@tanstack/react-router'
import { readRecordId } from '@/contract/ids'
import { PaymentFailPage } from '@/features/payments/components/payment-fail-page'

export const Route = createFileRoute('/payment/fail/$orderId')({
  // An order id that is no id shows the page without an order.
  beforeLoad: ({ params }) => {
    if (readRecordId(params.orderId) === null) throw redirect({ to: '/payment/fail', replace: true })
  },
  component: function PaymentFailRoute() {
    const { orderId } = Route.useParams()
    const id = readRecordId(orderId) ?? undefined
    return <PaymentFailPage key={orderId} orderId={id} />
  },
})

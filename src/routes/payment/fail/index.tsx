import { createFileRoute } from '@tanstack/react-router'
import { PaymentFailPage } from '@/features/payments/components/payment-fail-page'

export const Route = createFileRoute('/payment/fail/')({
  component: () => <PaymentFailPage orderId={undefined} />,
})

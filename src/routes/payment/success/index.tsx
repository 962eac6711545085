import { createFileRoute } from '@tanstack/react-router'
import { PaymentSuccessPage } from '@/features/payments/components/payment-success-page'

export const Route = createFileRoute('/payment/success/')({
  component: () => <PaymentSuccessPage orderId={undefined} />,
})

import { createFileRoute } from '@tanstack/react-router'
import { PaymentSuccessPage } from '@/features/payments/components/payment-success-page'
import { ReceiptButton } from '@/features/receipts/components/receipt-button'

export const Route = createFileRoute('/payment/success/')({
  component: () => <PaymentSuccessPage orderId={undefined} receipt={receiptOf} />,
})

function receiptOf(orderId: number) {
  return <ReceiptButton orderId={orderId} />
}

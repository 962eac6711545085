import { createFileRoute } from '@tanstack/react-router'
import { readRecordId } from '@/contract/ids'
import { OrderHistoryPage } from '@/features/billing/components/order-history-page'
import { ReceiptButton } from '@/features/receipts/components/receipt-button'

export const Route = createFileRoute('/_portal/billing_/$id')({
  component: function OrderHistoryRoute() {
    const { id } = Route.useParams()
    // A malformed id asks for order 0, which no client has: the page says it was not found.
    return (
      <OrderHistoryPage
        orderId={readRecordId(id) ?? 0}
        receipt={(orderId) => <ReceiptButton orderId={orderId} />}
      />
    )
  },
})

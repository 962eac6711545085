import { Badge } from '@mantine/core'
import type { OrderStatus } from '@/contract/payments'

const COLOURS: Record<OrderStatus, string> = {
  pending: 'yellow',
  paid: 'teal',
  failed: 'red',
  cancelled: 'gray',
  refunded: 'blue',
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light" data-testid="order-status">
      {status}
    </Badge>
  )
}

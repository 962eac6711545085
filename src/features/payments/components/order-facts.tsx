import { Badge, Group, Stack, Text } from '@mantine/core'
import type { Order } from '@/contract/payments'
import { formatMoney, formatUsd } from '@/lib/format'

const METHOD_LABELS: Record<NonNullable<Order['gateway']>, string> = {
  stripe: 'Card',
  fawry: 'Fawry',
  paymob: 'Paymob',
  wallet: 'Wallet',
}

const STATUS_COLOURS: Record<Order['status'], string> = {
  pending: 'yellow',
  paid: 'teal',
  failed: 'red',
  cancelled: 'gray',
  refunded: 'blue',
}

/** Money moved only for a paid (or later refunded) order; anything else was an attempt (issue 24). */
export const orderFactTexts = {
  charged: 'Charged',
  paidWith: 'Paid with',
  attempted: 'Amount attempted',
  attemptedWith: 'Attempted with',
  nothingCharged: 'Nothing was charged.',
} as const

/** What the server says about an order: what it is, how much, how it was (or was tried to be) paid, its status. */
export function OrderFacts({ order }: { order: Order }) {
  const settled = order.status === 'paid' || order.status === 'refunded'
  return (
    <Stack gap={6} w="100%" data-testid="order-facts">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Order #{order.id}
        </Text>
        <Badge color={STATUS_COLOURS[order.status]} variant="light" data-testid="order-status">
          {order.status}
        </Badge>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm" ta="left">
          {order.description}
        </Text>
        <Text size="sm" fw={600}>
          {formatUsd(order.amount)}
        </Text>
      </Group>
      {order.charge && (!settled || order.charge.currency === 'EGP') && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {settled ? orderFactTexts.charged : orderFactTexts.attempted}
          </Text>
          <Text size="sm">{formatMoney(order.charge.amount, order.charge.currency)}</Text>
        </Group>
      )}
      {order.gateway && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {settled ? orderFactTexts.paidWith : orderFactTexts.attemptedWith}
          </Text>
          <Text size="sm">{METHOD_LABELS[order.gateway]}</Text>
        </Group>
      )}
      {order.gateway_reference && (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            Reference
          </Text>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {order.gateway_reference}
          </Text>
        </Group>
      )}
      {order.failure_reason && order.status !== 'paid' && (
        <Text size="sm" c="red.4" ta="left">
          {order.failure_reason}
        </Text>
      )}
      {(order.status === 'failed' || order.status === 'cancelled') && (
        <Text size="sm" ta="left" data-testid="nothing-charged">
          {orderFactTexts.nothingCharged}
        </Text>
      )}
    </Stack>
  )
}

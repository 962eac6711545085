import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core'
import { formatMoney, formatUsd } from '@/lib/format'

export interface SummaryLine {
  label: string
  /** USD. */
  amount: number
}

interface OrderSummaryProps {
  lines: readonly SummaryLine[]
  /** USD. */
  total: number
  /** The amount the local gateways charge, in EGP, when one of them is chosen. */
  egpTotal?: number | null
}

/** The order summary beside the payment form: its lines, the total in USD and, for Fawry/Paymob, in EGP. */
export function OrderSummary({ lines, total, egpTotal }: OrderSummaryProps) {
  return (
    <Card withBorder padding="lg" data-testid="order-summary">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Order Summary
        </Title>
        {lines.map((line) => (
          <Group key={line.label} justify="space-between" wrap="nowrap">
            <Text size="sm">{line.label}</Text>
            <Text size="sm">{formatUsd(line.amount)}</Text>
          </Group>
        ))}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="order-total">
            {formatUsd(total)}
          </Text>
        </Group>
        {egpTotal != null && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Charged in EGP
            </Text>
            <Text size="sm" c="dimmed">
              {formatMoney(egpTotal, 'EGP')}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  )
}

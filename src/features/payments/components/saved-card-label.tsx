import { Badge, Group, Text } from '@mantine/core'
import type { SavedPaymentMethod } from '@/contract/payments'

export function cardBrandName(brand: string): string {
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card'
}

/** "Visa •••• 4242, expires 12/2030" with a Default badge. */
export function SavedCardLabel({ card }: { card: SavedPaymentMethod }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={600}>
        {cardBrandName(card.card_brand)} •••• {card.card_last_four}
      </Text>
      <Text size="sm" c="dimmed">
        expires {String(card.card_exp_month).padStart(2, '0')}/{card.card_exp_year}
      </Text>
      {card.is_default && (
        <Badge size="sm" variant="light">
          Default
        </Badge>
      )}
    </Group>
  )
}

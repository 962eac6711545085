import { Badge, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconBuildingStore, IconCreditCard, IconDeviceMobile, IconWallet } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { formatUsd } from '@/lib/format'
import type { CheckoutMethod } from '../checkout-methods'

interface MethodChoiceProps {
  value: CheckoutMethod
  onChange: (method: CheckoutMethod) => void
  methods: readonly CheckoutMethod[]
  /** The wallet balance, shown on the wallet choice. */
  walletBalance: number | null
  disabled?: boolean
}

const DESCRIPTIONS: Record<CheckoutMethod, { label: string; text: string; icon: ReactNode }> = {
  stripe: {
    label: 'Card',
    text: 'Visa, Mastercard, American Express (USD)',
    icon: <IconCreditCard size={20} aria-hidden />,
  },
  fawry: {
    label: 'Fawry',
    text: 'Pay at a Fawry outlet or by card in Egypt (EGP)',
    icon: <IconBuildingStore size={20} aria-hidden />,
  },
  paymob: {
    label: 'Paymob',
    text: 'Cards and mobile wallets in the Middle East (EGP)',
    icon: <IconDeviceMobile size={20} aria-hidden />,
  },
  wallet: {
    label: 'Wallet',
    text: 'Pay from your wallet balance',
    icon: <IconWallet size={20} aria-hidden />,
  },
}

/** The payment method choice (spec 001 §4): card by default, Fawry, Paymob, and the wallet when it covers. */
export function MethodChoice({ value, onChange, methods, walletBalance, disabled }: MethodChoiceProps) {
  return (
    <Radio.Group
      label="Payment method"
      value={value}
      onChange={(next) => {
        const method = methods.find((m) => m === next)
        if (method) onChange(method)
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
        {methods.map((method) => {
          const { label, text, icon } = DESCRIPTIONS[method]
          return (
            <Radio.Card key={method} value={method} p="md" radius="md" disabled={disabled} aria-label={label}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                {icon}
                <Stack gap={2}>
                  <Group gap={6}>
                    <Text fw={600}>{label}</Text>
                    {method === 'wallet' && walletBalance !== null && (
                      <Badge variant="light" color="teal">
                        {formatUsd(walletBalance)}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {text}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          )
        })}
      </SimpleGrid>
    </Radio.Group>
  )
}

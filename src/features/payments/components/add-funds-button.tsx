import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { IconPlus, IconWifiOff } from '@tabler/icons-react'
import { useState } from 'react'
import { paymentMessages, TOPUP_MAX, TOPUP_MIN, type Order } from '@/contract/payments'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { ApiError } from '@/lib/api-client'
import { formatUsd } from '@/lib/format'
import { createTopUpOrder } from '../api/create-order'
import { Checkout } from './checkout'

const QUICK_AMOUNTS = [25, 50, 100, 250]

export const addFundsTexts = {
  title: 'Add Funds',
  amountLabel: 'Amount (USD)',
  amountInvalid: `Enter an amount from ${formatUsd(TOPUP_MIN)} to ${formatUsd(TOPUP_MAX)} with at most 2 decimals.`,
  continue: 'Continue to Payment',
  topUpLine: 'Wallet top-up',
} as const

/** The amount as typed, when it is one the server takes (1 to 10,000 USD, 2 decimals at most). */
export function readTopUpAmount(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null
  const amount = Number(text.trim())
  return amount >= TOPUP_MIN && amount <= TOPUP_MAX ? amount : null
}

/**
 * 'Add Funds' on the wallet: choose an amount, which creates a wallet_topup order, then pay it through
 * the checkout. The balance changes only when the gateway's confirmation reaches the server.
 */
export function AddFundsButton() {
  const online = useOnline()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        disabled={!online}
        title={online ? undefined : paymentMessages.paymentsOffline}
      >
        {addFundsTexts.title}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={addFundsTexts.title} size="xl">
        {open && <AddFunds />}
      </Modal>
    </>
  )
}

function AddFunds() {
  const online = useOnline()
  const [text, setText] = useState('50')
  const [order, setOrder] = useState<Order | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // One key per amount: pressing Continue again after a lost answer gets the same order back.
  const [key, setKey] = useState(() => crypto.randomUUID())
  const amount = readTopUpAmount(text)

  if (order)
    return <Checkout order={order} lines={[{ label: addFundsTexts.topUpLine, amount: order.amount }]} />

  const change = (next: string) => {
    setText(next)
    setKey(crypto.randomUUID())
    setError(null)
  }

  async function proceed() {
    if (amount === null) return setError(addFundsTexts.amountInvalid)
    setBusy(true)
    try {
      setOrder(await createTopUpOrder(amount, key))
    } catch (cause) {
      const message =
        cause instanceof ApiError && cause.body ? cause.message : paymentMessages.createOrderFailed
      setError(message)
      toast.error(message, 5000)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="md">
      <Group gap="xs">
        {QUICK_AMOUNTS.map((quick) => (
          <Button
            key={quick}
            size="xs"
            variant={amount === quick ? 'filled' : 'default'}
            aria-pressed={amount === quick}
            onClick={() => change(String(quick))}
          >
            {formatUsd(quick)}
          </Button>
        ))}
      </Group>
      <TextInput
        label={addFundsTexts.amountLabel}
        inputMode="decimal"
        value={text}
        onChange={(event) => change(event.currentTarget.value)}
        error={text.trim() !== '' && amount === null ? addFundsTexts.amountInvalid : undefined}
        leftSection={<Text size="sm">$</Text>}
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {!online && (
        <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} aria-hidden />} role="status">
          {paymentMessages.paymentsOffline}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void proceed()} loading={busy} disabled={!online || amount === null}>
          {addFundsTexts.continue}
        </Button>
      </Group>
    </Stack>
  )
}

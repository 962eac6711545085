import { Alert, Badge, Button, Card, Checkbox, Group, Loader, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { paymentMessages, savedCardMessages } from '@/contract/payments'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { usePaymentsConfig } from '../api/get-payments-config'
import { useSavedCards } from '../api/get-saved-cards'
import { setupCard } from '../api/setup-card'
import { openGatewayPage, returnTarget } from '../gateway-return'
import type { StripeConfirm } from '../stripe-confirm'
import { stripeIsReal } from '../stripe-mode'

const StripeCardElement = lazy(() => import('./stripe-card-element'))

/** While the desktop app waits for a card added in the browser, the list is asked again this often. */
const CARD_POLL_MS = 3000
/** After Stripe accepted the card, the list is asked again this often until the webhook has saved it. */
const STRIPE_CARD_POLL_MS = 1000

/**
 * Adding a card is real (issue 11): a SetupIntent confirmed in Stripe Elements when Stripe is
 * configured, otherwise the sandbox's hosted card page (test cards), which saves the card on the server.
 */
export function AddCardForm({ onDone }: { onDone: () => void }) {
  const config = usePaymentsConfig()
  const cards = useSavedCards()
  const queryClient = useQueryClient()
  const [isDefault, setIsDefault] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Waiting for the saved card to reach the list: added in the browser (desktop), or confirmed in Stripe
  // Elements, which the server records from Stripe's webhook a moment later.
  const [awaiting, setAwaiting] = useState<{ from: number; where: 'browser' | 'stripe' } | null>(null)
  const awaitingFrom = awaiting?.from ?? null
  const [confirm, setConfirm] = useState<StripeConfirm | null>(null)
  const onStripeReady = useCallback((next: StripeConfirm | null) => setConfirm(() => next), [])
  const count = cards.data?.results.length ?? 0
  const doneRef = useRef(onDone)
  doneRef.current = onDone

  // Desktop: the card is added in the system browser; the list is polled until it holds one more.
  useEffect(() => {
    if (awaitingFrom === null) return
    if (count > awaitingFrom) {
      toast.success(savedCardMessages.added)
      void queryClient.invalidateQueries({ queryKey: ['wallet'] })
      doneRef.current()
      return
    }
    const timer = window.setInterval(
      () => void queryClient.invalidateQueries({ queryKey: ['payments', 'saved-cards'] }),
      awaiting?.where === 'stripe' ? STRIPE_CARD_POLL_MS : CARD_POLL_MS,
    )
    return () => window.clearInterval(timer)
  }, [awaitingFrom, awaiting?.where, count, queryClient])

  if (config.isError && !config.data) {
    return (
      <ErrorPanel
        title={paymentMessages.initializeFailed}
        message={config.error.message}
        onRetry={() => void config.refetch()}
      />
    )
  }
  if (!config.data) return <LoadingPanel label={paymentMessages.preparingForm} />
  // As at checkout: no Stripe.js inside the desktop app, the hosted page in the browser instead.
  const real = stripeIsReal(config.data) && returnTarget() === 'web'
  const publishableKey = config.data.stripe_publishable_key

  const fail = (message: string) => {
    setError(message)
    toast.error(message)
  }

  async function add() {
    setBusy(true)
    setError(null)
    try {
      if (real && !confirm) return fail(paymentMessages.notReady)
      const answer = await setupCard({ is_default: isDefault, return_to: returnTarget() })
      if (answer.checkout_url && (answer.sandbox || !real)) {
        if ((await openGatewayPage(answer.checkout_url)) === 'opened-outside')
          setAwaiting({ from: count, where: 'browser' })
        return
      }
      if (!answer.client_secret || !confirm) return fail(savedCardMessages.addFailed)
      const result = await confirm.setup(answer.client_secret)
      if (result.error) return fail(result.error)
      setAwaiting({ from: count, where: 'stripe' })
      await queryClient.invalidateQueries({ queryKey: ['payments', 'saved-cards'] })
    } catch {
      fail(savedCardMessages.addFailed)
    } finally {
      setBusy(false)
    }
  }

  if (awaiting !== null) {
    return (
      <Card withBorder padding="lg" data-testid="awaiting-card">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" />
          <Text size="sm">
            {awaiting.where === 'browser'
              ? 'Add the card on the page that opened in your browser; it appears here as soon as it is saved.'
              : 'Card accepted. Saving it to your account…'}
          </Text>
        </Group>
      </Card>
    )
  }

  return (
    <Card withBorder padding="lg" data-testid="add-card-form">
      <Stack gap="sm">
        {real && publishableKey ? (
          <Suspense fallback={<Text size="sm">{paymentMessages.preparingForm}</Text>}>
            <StripeCardElement publishableKey={publishableKey} onReady={onStripeReady} />
          </Suspense>
        ) : config.data.gateways.find((g) => g.name === 'stripe')?.sandbox !== false ? (
          <Alert color="yellow" variant="light" title={<Badge color="yellow">Sandbox</Badge>}>
            Test mode: you enter a test card on the sandbox card page, and it is saved to your account.
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            You enter your card on Stripe&apos;s secure page in your browser, and it is saved to your account.
          </Text>
        )}
        <Checkbox
          label="Set as default card"
          checked={isDefault}
          onChange={(event) => setIsDefault(event.currentTarget.checked)}
          disabled={busy}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button onClick={() => void add()} loading={busy} disabled={busy}>
            {real ? 'Save Card' : 'Continue to card page'}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

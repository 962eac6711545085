import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Radio,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core'
import { IconExternalLink, IconLock, IconWifiOff } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useState } from 'react'
import { paymentMessages, type Order, type PaymentsConfig } from '@/contract/payments'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { ApiError } from '@/lib/api-client'
import { formatUsd } from '@/lib/format'
import { usePaymentsConfig } from '../api/get-payments-config'
import { useSavedCards } from '../api/get-saved-cards'
import { payWithWallet, processFawry, processPaymob, processStripe } from '../api/pay-order'
import { checkoutMethods, type CheckoutMethod } from '../checkout-methods'
import { openGatewayBeside, openGatewayPage, returnTarget } from '../gateway-return'
import type { StripeConfirm } from '../stripe-confirm'
import { stripeIsReal } from '../stripe-mode'
import { AwaitingGateway } from './awaiting-gateway'
import { MethodChoice } from './method-choice'
import { OrderSummary, type SummaryLine } from './order-summary'
import { SavedCardLabel } from './saved-card-label'

// Stripe.js and Elements load only here, and only when Stripe is configured.
const StripeCardElement = lazy(() => import('./stripe-card-element'))

export const CHECKOUT_TEXTS = {
  openedBeside: (desktop: boolean) =>
    desktop ? 'The payment page opened in your browser.' : 'The payment page opened in a new tab.',
  reopen: 'Open the payment page again',
} as const

/** Spec 001 §9 and 002 §4: the result page follows a successful in-app payment after 2 seconds. */
export const SUCCESS_REDIRECT_MS = 2000
/** Spec 002 §4: some payment errors stay 5 seconds. */
const ERROR_TOAST_MS = 5000

export type GatewayName = 'stripe' | 'paymob' | 'fawry'

/** The failure texts a purchase flow shows; each flow quotes its own part of the spec. */
export interface CheckoutTexts {
  /** Starting the payment at the gateway failed; `serverMessage` is the server's reason when it gave one. */
  startFailed: (gateway: GatewayName, serverMessage: string | null) => string
  /** The gateway answered without the page to pay on. */
  pageMissing: (gateway: 'paymob' | 'fawry') => string
}

/** Spec 002 §8: the texts of the domain and wallet checkouts. */
export const ORDER_CHECKOUT_TEXTS: CheckoutTexts = {
  startFailed: (gateway, serverMessage) =>
    serverMessage ??
    (gateway === 'fawry'
      ? paymentMessages.fawryInitializeFailed
      : gateway === 'paymob'
        ? paymentMessages.paymobInitializeFailed
        : paymentMessages.paymentIntentFailed),
  pageMissing: (gateway) =>
    gateway === 'fawry' ? paymentMessages.fawryInitializeFailed : paymentMessages.paymobInitializeFailed,
}

interface CheckoutProps {
  order: Order
  lines: readonly SummaryLine[]
  /** The client's wallet balance when this purchase may be paid from it; null hides the wallet. */
  walletBalance?: number | null
  texts?: CheckoutTexts
  /**
   * When set, the Paymob and Fawry pages open beside the app (a new tab, or the system browser on the
   * desktop) instead of replacing it, and this is called once opened (spec 001 §4, the create-app wizard).
   */
  onGatewayOpened?: (url: string) => void
}

/** The server's message when it sent one, else the spec's fallback for the step that failed. */
function failureText(error: unknown, fallback: string): string {
  return serverReason(error) ?? fallback
}

function serverReason(error: unknown): string | null {
  return error instanceof ApiError && error.body ? error.message : null
}

/**
 * The one checkout every purchase uses (spec 001 §4, 002 §4): method choice, New Card / Saved Card,
 * the order summary, and every payment text of spec 001 §8 and 002 §8. Payments need the network and
 * never queue: offline the Pay button is disabled with a message.
 */
export function Checkout({
  order,
  lines,
  walletBalance = null,
  texts = ORDER_CHECKOUT_TEXTS,
  onGatewayOpened,
}: CheckoutProps) {
  const config = usePaymentsConfig()
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
  return (
    <CheckoutForm
      order={order}
      lines={lines}
      walletBalance={walletBalance}
      texts={texts}
      onGatewayOpened={onGatewayOpened}
      config={config.data}
    />
  )
}

function CheckoutForm({
  order,
  lines,
  walletBalance,
  texts,
  onGatewayOpened,
  config,
}: Omit<Required<CheckoutProps>, 'onGatewayOpened'> &
  Pick<CheckoutProps, 'onGatewayOpened'> & { config: PaymentsConfig }) {
  const online = useOnline()
  const navigate = useNavigate()
  const savedCards = useSavedCards()
  const cards = (savedCards.data?.results ?? []).filter((card) => card.is_active)
  const methods = checkoutMethods(order.amount, walletBalance, order.kind !== 'wallet_topup')
  const [method, setMethod] = useState<CheckoutMethod>('stripe')
  const [cardChoice, setCardChoice] = useState<'new' | 'saved'>('new')
  const [savedId, setSavedId] = useState<number | null>(null)
  const [saveCard, setSaveCard] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [awaiting, setAwaiting] = useState<string | null>(null)
  const [openedBeside, setOpenedBeside] = useState<string | null>(null)
  const [confirm, setConfirm] = useState<StripeConfirm | null>(null)
  const onStripeReady = useCallback((next: StripeConfirm | null) => setConfirm(() => next), [])

  // Stripe.js cannot run inside the desktop app (app:// pages, its CSP): there the card is entered on a
  // hosted page in the system browser, like the local gateways.
  const realStripe = stripeIsReal(config) && returnTarget() === 'web'
  const gateway = config.gateways.find((g) => g.name === method)
  const sandbox = gateway?.sandbox ?? false
  const usingSaved = method === 'stripe' && cardChoice === 'saved'
  const egpTotal =
    method === 'fawry' || method === 'paymob'
      ? Math.round(order.amount * config.usd_to_egp_rate * 100) / 100
      : null

  const choose = (next: CheckoutMethod) => {
    setMethod(next)
    setError(null)
    // Spec 001 §4: choosing the card resets the saved-card selection and fetches the saved cards.
    if (next === 'stripe') {
      setCardChoice('new')
      setSavedId(null)
      void savedCards.refetch()
    }
  }

  const goToResult = (page: 'success' | 'fail', delay = 0) => {
    const go = () =>
      void navigate({
        to: page === 'success' ? '/payment/success/$orderId' : '/payment/fail/$orderId',
        params: { orderId: String(order.id) },
      })
    if (delay > 0) window.setTimeout(go, delay)
    else go()
  }

  const fail = (message: string) => {
    setError(message)
    toast.error(message, ERROR_TOAST_MS)
  }

  const leaveFor = async (url: string) => {
    if ((await openGatewayPage(url)) === 'opened-outside') setAwaiting(url)
  }

  async function payByCard() {
    if (usingSaved) {
      const card = cards.find((c) => c.id === savedId)
      if (!card) return fail(paymentMessages.selectedMethodNotFound)
      const answer = await processStripe({
        order,
        save: false,
        savedCardId: card.id,
        returnTo: returnTarget(),
      })
      // A saved card that asks for an extra confirmation step continues on the gateway's page.
      if (!answer.success && answer.checkout_url) return leaveFor(answer.checkout_url)
      if (!answer.success) return fail(answer.message || paymentMessages.paymentFailed)
      toast.success(paymentMessages.paymentSuccessful)
      return goToResult('success', SUCCESS_REDIRECT_MS)
    }
    if (realStripe && !confirm) return fail(paymentMessages.notReady)
    let answer
    try {
      answer = await processStripe({ order, save: saveCard, savedCardId: null, returnTo: returnTarget() })
    } catch (cause) {
      return fail(texts.startFailed('stripe', serverReason(cause)))
    }
    if (answer.checkout_url && (answer.sandbox || !realStripe || !answer.client_secret)) {
      return leaveFor(answer.checkout_url)
    }
    if (!answer.client_secret) return fail(paymentMessages.intentRequired)
    if (!confirm) return fail(paymentMessages.stripeNotLoaded)
    const result = await confirm.pay(answer.client_secret, saveCard)
    if (result.error) return fail(paymentMessages.paymentFailedWith(result.error))
    toast.success(paymentMessages.paymentProcessing)
    return goToResult('success', SUCCESS_REDIRECT_MS)
  }

  async function payLocally(gatewayName: 'fawry' | 'paymob') {
    let url: string | null
    try {
      if (gatewayName === 'fawry') {
        const answer = await processFawry(order, config.usd_to_egp_rate, returnTarget())
        url = answer.success ? answer.redirect_url || answer.payment_url : null
      } else {
        const answer = await processPaymob(order, config.usd_to_egp_rate, returnTarget())
        url = answer.success ? answer.iframe_url || answer.payment_url : null
      }
    } catch (cause) {
      return fail(texts.startFailed(gatewayName, serverReason(cause)))
    }
    if (!url) return fail(texts.pageMissing(gatewayName))
    if (onGatewayOpened) {
      await openGatewayBeside(url)
      setOpenedBeside(url)
      return onGatewayOpened(url)
    }
    return leaveFor(url)
  }

  async function pay() {
    if (!online) return
    setError(null)
    setBusy(true)
    try {
      if (method === 'wallet') {
        const answer = await payWithWallet(order)
        toast.success(answer.message || paymentMessages.paidFromWallet)
        goToResult('success')
      } else if (method === 'stripe') {
        await payByCard()
      } else {
        await payLocally(method)
      }
    } catch (cause) {
      fail(failureText(cause, paymentMessages.paymentFailed))
    } finally {
      setBusy(false)
    }
  }

  if (awaiting) return <AwaitingGateway orderId={order.id} url={awaiting} />
  if (openedBeside) {
    return (
      <Card withBorder padding="lg" data-testid="gateway-opened">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{CHECKOUT_TEXTS.openedBeside(returnTarget() === 'desktop')}</Text>
          <Button
            variant="default"
            leftSection={<IconExternalLink size={16} aria-hidden />}
            onClick={() => void openGatewayBeside(openedBeside)}
          >
            {CHECKOUT_TEXTS.reopen}
          </Button>
        </Stack>
      </Card>
    )
  }

  const blocked = usingSaved && savedId === null
  const payLabel = `Pay ${egpTotal !== null ? `${egpTotal.toFixed(2)} EGP` : formatUsd(order.amount)}`
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <MethodChoice
            value={method}
            onChange={choose}
            methods={methods}
            walletBalance={walletBalance}
            disabled={busy}
          />
          {method === 'stripe' && (
            <Stack gap="sm">
              {cards.length > 0 && (
                <SegmentedControl
                  value={cardChoice}
                  onChange={(value) => {
                    setCardChoice(value === 'saved' ? 'saved' : 'new')
                    setSavedId(null)
                  }}
                  data={[
                    { value: 'new', label: 'New Card' },
                    { value: 'saved', label: 'Saved Card' },
                  ]}
                  disabled={busy}
                />
              )}
              {usingSaved ? (
                <Radio.Group
                  label="Choose a saved card"
                  value={savedId === null ? null : String(savedId)}
                  onChange={(value) => setSavedId(Number(value))}
                >
                  <Stack gap="xs" mt="xs">
                    {cards.map((card) => (
                      <Radio key={card.id} value={String(card.id)} label={<SavedCardLabel card={card} />} />
                    ))}
                  </Stack>
                </Radio.Group>
              ) : (
                <Stack gap="sm">
                  {realStripe && config.stripe_publishable_key ? (
                    <Suspense fallback={<Text size="sm">{paymentMessages.preparingForm}</Text>}>
                      <StripeCardElement
                        publishableKey={config.stripe_publishable_key}
                        onReady={onStripeReady}
                      />
                    </Suspense>
                  ) : (
                    <Text size="sm" c="dimmed">
                      You enter your card on the payment provider&apos;s secure page.
                    </Text>
                  )}
                  <Checkbox
                    label="Save this card for future payments"
                    checked={saveCard}
                    onChange={(event) => setSaveCard(event.currentTarget.checked)}
                    disabled={busy}
                  />
                </Stack>
              )}
            </Stack>
          )}
          {(method === 'fawry' || method === 'paymob') && (
            <Text size="sm" c="dimmed">
              You will complete the payment on {method === 'fawry' ? 'Fawry' : 'Paymob'}&apos;s page, in
              Egyptian pounds at 1 USD = {config.usd_to_egp_rate} EGP.
            </Text>
          )}
          {sandbox && method !== 'wallet' && (
            <Alert color="yellow" variant="light" title={<Badge color="yellow">Sandbox</Badge>}>
              Test mode: no real money moves. The test payment page lists the cards to use.
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert" data-testid="checkout-error">
              {error}
            </Alert>
          )}
          {!online && (
            <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} aria-hidden />} role="status">
              {paymentMessages.paymentsOffline}
            </Alert>
          )}
          <Group>
            <Button
              size="md"
              leftSection={<IconLock size={16} aria-hidden />}
              onClick={() => void pay()}
              loading={busy}
              disabled={!online || blocked || busy}
            >
              {payLabel}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <OrderSummary lines={lines} total={order.amount} egpTotal={egpTotal} />
      </Grid.Col>
    </Grid>
  )
}

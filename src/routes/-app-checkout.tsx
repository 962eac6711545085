import { wizardMessages } from '@/contract/apps'
import { paymentMessages } from '@/contract/payments'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import type { PaymentStepProps } from '@/features/apps/components/create-app-wizard'
import { useOrder } from '@/features/payments/api/get-order'
import { Checkout, type CheckoutTexts } from '@/features/payments/components/checkout'
import { useWalletBalance } from './-wallet-balance'

const intentFailed = {
  stripe: paymentMessages.stripeIntentFailed,
  paymob: paymentMessages.paymobIntentFailed,
  fawry: paymentMessages.fawryIntentFailed,
} as const
const urlMissing = { paymob: paymentMessages.paymobUrlFailed, fawry: paymentMessages.fawryUrlFailed } as const

/** Spec 001 §8: the wizard's payment-setup failures read 'Failed to setup payment: {reason}'. */
export const APP_CHECKOUT_TEXTS: CheckoutTexts = {
  startFailed: (gateway, serverMessage) =>
    paymentMessages.setupFailed(serverMessage ?? intentFailed[gateway]),
  pageMissing: (gateway) => paymentMessages.setupFailed(urlMissing[gateway]),
}

/** The create-app wizard's Payment step (apps): the shared checkout (payments) for the app's order. */
export function AppCheckout({ created, lines, onGatewayOpened }: PaymentStepProps) {
  return <AppOrderCheckout orderId={created.order_id} lines={lines} onGatewayOpened={onGatewayOpened} />
}

/**
 * The shared checkout for an app's order: the wizard's new order, or a pending app's unpaid order paid
 * again ('Complete payment'), each payment a new attempt on that same order. Without lines, the order's
 * own description and amount are the summary.
 */
export function AppOrderCheckout({
  orderId,
  lines,
  onGatewayOpened,
}: {
  orderId: number | null
  lines?: PaymentStepProps['lines']
  onGatewayOpened: () => void
}) {
  const payable = useOrder(orderId ?? undefined)
  const walletBalance = useWalletBalance()
  if (orderId === null || (payable.isError && !payable.data))
    return (
      <ErrorPanel
        title={paymentMessages.initializeFailed}
        message={wizardMessages.setupFailed(paymentMessages.orderDataNotFound)}
        onRetry={() => void payable.refetch()}
      />
    )
  if (!payable.data) return <LoadingPanel label={paymentMessages.preparingForm} />
  return (
    <Checkout
      order={payable.data}
      lines={lines ?? [{ label: payable.data.description, amount: payable.data.amount }]}
      walletBalance={walletBalance}
      texts={APP_CHECKOUT_TEXTS}
      onGatewayOpened={() => onGatewayOpened()}
    />
  )
}

import type { DomainOrder } from '@/contract/domains'
import { domainMessages } from '@/contract/domains'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useOrder } from '@/features/payments/api/get-order'
import { Checkout } from '@/features/payments/components/checkout'
import { useWalletBalance } from './-wallet-balance'

/** The registration wizard's Payment step: the shared checkout (payments) for a domain order (domains). */
export function DomainCheckout({ order }: { order: DomainOrder }) {
  const payable = useOrder(order.id)
  const walletBalance = useWalletBalance()
  if (payable.isError && !payable.data)
    return (
      <ErrorPanel
        title={domainMessages.paymentInitFailed}
        message={domainMessages.orderDataMissing}
        onRetry={() => void payable.refetch()}
      />
    )
  if (!payable.data) return <LoadingPanel label={domainMessages.preparingPayment} />
  const lines = [
    {
      label: `${order.domain_name} (${order.years} ${order.years === 1 ? 'year' : 'years'})`,
      amount: order.base_price,
    },
    ...(order.privacy_price > 0 ? [{ label: 'WHOIS privacy', amount: order.privacy_price }] : []),
  ]
  return <Checkout order={payable.data} lines={lines} walletBalance={walletBalance} />
}

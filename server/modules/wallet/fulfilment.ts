import type { Executor } from '../../db/client'
import { fromMinorUnits } from '@/contract/common'
import { appendLedgerEntry } from './ledger'

/** The paid order a top-up fulfilment needs (the payments module's order row fits). */
interface TopupOrder {
  id: number
  userId: number
  kind: string
  amountMinor: number
  gateway: string | null
}

const gatewayLabel: Record<string, string> = { stripe: 'card', paymob: 'Paymob', fawry: 'Fawry' }

/** Fulfils a paid `wallet_topup` order: one deposit, at most once per order (key `topup:{id}`). */
export async function fulfilWalletTopup(tx: Executor, order: TopupOrder): Promise<void> {
  const via = order.gateway ? ` by ${gatewayLabel[order.gateway] ?? order.gateway}` : ''
  await appendLedgerEntry(tx, {
    userId: order.userId,
    transactionType: 'deposit',
    source: 'topup',
    amountMinor: order.amountMinor,
    description: `Wallet top-up of $${fromMinorUnits(order.amountMinor).toFixed(2)}${via}`,
    orderId: order.id,
    uniqueKey: `topup:${order.id}`,
  })
}

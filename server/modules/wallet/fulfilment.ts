import { fromMinorUnits } from '@/contract/common'
import type { Executor } from '../../db/client'
import { appendLedgerEntry, balanceMinor } from './ledger'
import { entryWithKey } from './repository'

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

/**
 * Refund listener of `wallet_topup` orders: the top-up's credit goes out again (a `withdrawal` entry
 * from source `refund`, once per order). Staff refunds check first that the wallet still holds it; a
 * refund made at the gateway's dashboard takes back what the balance holds (the wallet never goes below
 * zero) and logs the shortfall.
 */
export async function reverseWalletTopup(
  tx: Executor,
  order: TopupOrder,
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  if (order.kind !== 'wallet_topup') return
  const credited = await entryWithKey(tx, `topup:${order.id}`)
  // A top-up whose fulfilment never succeeded credited nothing.
  if (!credited) return
  const held = await balanceMinor(tx, order.userId)
  const amount = Math.min(order.amountMinor, held)
  if (amount < order.amountMinor)
    log.warn(
      { orderId: order.id, owed: order.amountMinor, taken: amount },
      'refunded top-up partly spent before its reversal',
    )
  if (amount <= 0) return
  await appendLedgerEntry(tx, {
    userId: order.userId,
    transactionType: 'withdrawal',
    source: 'refund',
    amountMinor: -amount,
    description: `Wallet top-up of $${fromMinorUnits(order.amountMinor).toFixed(2)} refunded (order #${order.id})`,
    orderId: order.id,
    uniqueKey: `topup:${order.id}:refund`,
  })
}

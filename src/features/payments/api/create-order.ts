import { orderSchema, paymentPaths } from '@/contract/payments'
import { apiRequest } from '@/lib/api-client'

/**
 * A wallet top-up order. The idempotency key is made once per checkout, so pressing Pay again after a
 * lost answer returns the same order instead of a second one.
 */
export function createTopUpOrder(amount: number, idempotencyKey: string) {
  return apiRequest(paymentPaths.orders, {
    method: 'POST',
    json: { kind: 'wallet_topup', amount, idempotency_key: idempotencyKey },
    schema: orderSchema,
    auth: true,
  })
}

/** The ways to pay at checkout: the three gateways always, the wallet only when its balance covers the total. */
export type CheckoutMethod = 'stripe' | 'fawry' | 'paymob' | 'wallet'

export const GATEWAY_METHODS = ['stripe', 'fawry', 'paymob'] as const satisfies readonly CheckoutMethod[]

/**
 * Card first (the default), then the local gateways; the wallet when `walletBalance` covers `total`
 * and the purchase may be paid from it (a top-up of the wallet itself may not).
 */
export function checkoutMethods(
  total: number,
  walletBalance: number | null,
  walletAllowed: boolean,
): CheckoutMethod[] {
  const covers = walletAllowed && walletBalance !== null && total > 0 && walletBalance >= total
  return covers ? [...GATEWAY_METHODS, 'wallet'] : [...GATEWAY_METHODS]
}

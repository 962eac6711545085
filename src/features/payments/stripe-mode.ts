import type { PaymentsConfig } from '@/contract/payments'

/** Stripe Elements is used only when the server has real Stripe keys; otherwise the sandbox pages. */
export function stripeIsReal(config: PaymentsConfig): boolean {
  const stripe = config.gateways.find((g) => g.name === 'stripe')
  return !!stripe && !stripe.sandbox && !!config.stripe_publishable_key
}

import {
  fawryProcessResponseSchema,
  paymentPaths,
  paymobProcessResponseSchema,
  stripeProcessResponseSchema,
  walletPaymentResponseSchema,
  type Order,
  type ReturnTarget,
} from '@/contract/payments'
import { apiRequest } from '@/lib/api-client'

/** Cents, as the card provider wants them (spec 001 §9: price × 100, rounded). */
export function toCents(amount: number): number {
  return Math.round(amount * 100)
}

export interface StripePaymentInput {
  order: Order
  save: boolean
  savedCardId: number | null
  returnTo: ReturnTarget
}

/** Starts a card payment for an order: a client secret for the card form, or the sandbox's hosted page. */
export function processStripe({ order, save, savedCardId, returnTo }: StripePaymentInput) {
  const useSaved = savedCardId !== null
  return apiRequest(paymentPaths.stripeProcess, {
    method: 'POST',
    json: {
      amount: toCents(order.amount),
      currency: 'usd',
      save_payment_method: save,
      use_saved_payment_method: useSaved,
      saved_payment_method_id: savedCardId,
      confirm_payment: useSaved,
      order_id: order.id,
      order_type: order.kind,
      return_to: returnTo,
    },
    schema: stripeProcessResponseSchema,
    auth: true,
  })
}

function localBody(order: Order, rate: number, returnTo: ReturnTarget) {
  return {
    order_id: order.id,
    amount: Math.round(order.amount * rate * 100) / 100,
    currency: 'EGP',
    return_to: returnTo,
  }
}

export function processPaymob(order: Order, rate: number, returnTo: ReturnTarget) {
  return apiRequest(paymentPaths.paymobProcess(order.id), {
    method: 'POST',
    json: { ...localBody(order, rate, returnTo), is_aman: false },
    schema: paymobProcessResponseSchema,
    auth: true,
  })
}

export function processFawry(order: Order, rate: number, returnTo: ReturnTarget) {
  return apiRequest(paymentPaths.fawryProcess(order.id), {
    method: 'POST',
    json: localBody(order, rate, returnTo),
    schema: fawryProcessResponseSchema,
    auth: true,
  })
}

export function payWithWallet(order: Order) {
  return apiRequest(paymentPaths.payWithWallet(order.id), {
    method: 'POST',
    json: {},
    schema: walletPaymentResponseSchema,
    auth: true,
  })
}

import { cardSetupResponseSchema, paymentPaths, type ReturnTarget } from '@/contract/payments'
import { apiRequest } from '@/lib/api-client'

/** Starts adding a card without paying: a SetupIntent with Stripe, the hosted card page in the sandbox. */
export function setupCard(input: { is_default: boolean; return_to: ReturnTarget }) {
  return apiRequest(paymentPaths.cardSetup, {
    method: 'POST',
    json: input,
    schema: cardSetupResponseSchema,
    auth: true,
  })
}

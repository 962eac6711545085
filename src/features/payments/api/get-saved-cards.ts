import { queryOptions, useQuery } from '@tanstack/react-query'
import { paymentPaths, savedPaymentMethodListSchema } from '@/contract/payments'
import { apiRequest } from '@/lib/api-client'

export function getSavedCards() {
  return apiRequest(paymentPaths.savedMethods, { schema: savedPaymentMethodListSchema, auth: true })
}

export const savedCardsQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'saved-cards'], queryFn: getSavedCards, meta: { persist: true } })

export function useSavedCards() {
  return useQuery(savedCardsQueryOptions())
}

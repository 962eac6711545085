import { queryOptions, useQuery } from '@tanstack/react-query'
import { billingPaths, orderHistorySchema } from '@/contract/billing'
import { apiRequest } from '@/lib/api-client'

/** One order with its payment attempts, refunds and receipt (`GET /api/payments/orders/{id}/history/`). */
export function getOrderHistory(id: number) {
  return apiRequest(billingPaths.history(id), { schema: orderHistorySchema, auth: true })
}

export const orderHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['billing', 'order', id],
    queryFn: () => getOrderHistory(id),
    meta: { persist: true },
    refetchOnMount: 'always',
  })

export function useOrderHistory(id: number) {
  return useQuery(orderHistoryQueryOptions(id))
}

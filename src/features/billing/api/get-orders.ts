import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { billingPaths } from '@/contract/billing'
import { orderListSchema } from '@/contract/payments'
import { apiRequest } from '@/lib/api-client'

/** One page of the client's orders, newest first (`GET /api/payments/orders/`). */
export function getOrders(page: number) {
  return apiRequest(billingPaths.orders, {
    schema: orderListSchema,
    auth: true,
    query: { page: page > 1 ? page : undefined },
  })
}

export const ordersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['billing', 'orders', page],
    queryFn: () => getOrders(page),
    meta: { persist: true },
    // Orders change by gateway notifications the app does not see: asked again on each visit.
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  })

export function useOrders(page: number) {
  return useQuery(ordersQueryOptions(page))
}

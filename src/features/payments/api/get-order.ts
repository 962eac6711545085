import { queryOptions, useQuery } from '@tanstack/react-query'
import { orderSchema, paymentPaths, type Order } from '@/contract/payments'
import { apiRequest } from '@/lib/api-client'

/** How often a pending order is asked about while its gateway's confirmation is awaited. */
export const ORDER_POLL_MS = 2000

export function getOrder(id: number) {
  return apiRequest(paymentPaths.order(id), { schema: orderSchema, auth: true })
}

/** Still waiting for the gateway: pending, or paid but not yet delivered. */
export function isAwaitingConfirmation(order: Order): boolean {
  return order.status === 'pending' || (order.status === 'paid' && !order.fulfilled)
}

/** The order's real status, asked again every 2 s while it awaits the gateway's confirmation. */
export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['payments', 'order', id],
    queryFn: () => getOrder(id),
    staleTime: 0,
    refetchInterval: (query) => {
      const order = query.state.data
      return order && isAwaitingConfirmation(order) ? ORDER_POLL_MS : false
    },
    refetchIntervalInBackground: true,
  })

export function useOrder(id: number | undefined, enabled = true) {
  return useQuery({ ...orderQueryOptions(id ?? 0), enabled: enabled && id !== undefined })
}

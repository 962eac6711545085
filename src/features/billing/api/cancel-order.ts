import { useMutation, useQueryClient } from '@tanstack/react-query'
import { billingPaths, orderCancelledSchema } from '@/contract/billing'
import { apiRequest } from '@/lib/api-client'

export function cancelOrder(id: number) {
  return apiRequest(billingPaths.cancel(id), {
    method: 'POST',
    json: {},
    schema: orderCancelledSchema,
    auth: true,
  })
}

/** The cached data a cancelled order changes: the billing lists, its checkout, its pending domain or app. */
const CANCEL_CHANGES = [['billing'], ['payments', 'order'], ['domains'], ['portal']]

export function useCancelOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async () => {
      await Promise.all(CANCEL_CHANGES.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { cancelAppPaymentResponseSchema } from '@/contract/apps'
import { apiRequest } from '@/lib/api-client'

/** 'Cancel payment' on a pending app: its unpaid order is cancelled and the app is marked cancelled. */
export function cancelAppPayment(appId: number) {
  return apiRequest(`/api/client/apps/${appId}/cancel-payment/`, {
    method: 'POST',
    schema: cancelAppPaymentResponseSchema,
    auth: true,
  })
}

export function useCancelAppPayment(appId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => cancelAppPayment(appId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['portal', 'app', appId] }),
        queryClient.invalidateQueries({ queryKey: ['portal', 'apps'] }),
        queryClient.invalidateQueries({ queryKey: ['portal', 'overview'] }),
      ]),
  })
}

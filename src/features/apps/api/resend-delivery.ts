import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callbackDeliverySchema } from '@/contract/app-callbacks'
import { apiRequest } from '@/lib/api-client'

/** POST /api/client/apps/{id}/deliveries/{deliveryId}/resend/: the callback goes again now. */
export function resendDelivery(appId: number, deliveryId: number) {
  return apiRequest(`/api/client/apps/${appId}/deliveries/${deliveryId}/resend/`, {
    method: 'POST',
    json: {},
    schema: callbackDeliverySchema,
    auth: true,
  })
}

export function useResendDelivery(appId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (deliveryId: number) => resendDelivery(appId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal', 'app', appId, 'deliveries'] }),
  })
}

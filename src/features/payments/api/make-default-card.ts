import { useMutation, useQueryClient } from '@tanstack/react-query'
import { paymentPaths, savedPaymentMethodListSchema } from '@/contract/payments'
import { apiRequest } from '@/lib/api-client'

/** Makes one of the caller's saved cards the default; answers the cards as they are now. */
export function makeDefaultCard(id: number) {
  return apiRequest(paymentPaths.makeDefaultSavedMethod(id), {
    method: 'POST',
    json: {},
    schema: savedPaymentMethodListSchema,
    auth: true,
  })
}

export function useMakeDefaultCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: makeDefaultCard,
    onSuccess: async (cards) => {
      queryClient.setQueryData(['payments', 'saved-cards'], cards)
      await queryClient.invalidateQueries({ queryKey: ['wallet'] })
    },
  })
}

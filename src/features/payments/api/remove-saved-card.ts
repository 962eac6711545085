import { useMutation, useQueryClient } from '@tanstack/react-query'
import { paymentPaths, savedPaymentMethodRemovedSchema } from '@/contract/payments'
import { apiRequest } from '@/lib/api-client'

export function removeSavedCard(id: number) {
  return apiRequest(paymentPaths.removeSavedMethod(id), {
    method: 'DELETE',
    schema: savedPaymentMethodRemovedSchema,
    auth: true,
  })
}

/** On success the card leaves the list (spec 001 §7); the wallet's copy of the cards refreshes too. */
export function useRemoveSavedCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeSavedCard,
    onSuccess: async (_answer, id) => {
      queryClient.setQueryData(
        ['payments', 'saved-cards'],
        (list: { results: { id: number }[] } | undefined) =>
          list ? { ...list, results: list.results.filter((card) => card.id !== id) } : list,
      )
      await queryClient.invalidateQueries({ queryKey: ['payments', 'saved-cards'] })
      await queryClient.invalidateQueries({ queryKey: ['wallet'] })
    },
  })
}

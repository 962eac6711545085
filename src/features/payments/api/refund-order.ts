import { useMutation, useQueryClient } from '@tanstack/react-query'
import { staffOrderDetailSchema, staffOrderPaths, type RefundOrderInput } from '@/contract/payments-staff'
import { apiDownload, apiRequest } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-blob'

export const refundOrder = ({ id, ...input }: RefundOrderInput & { id: number }) =>
  apiRequest(staffOrderPaths.refund(id), {
    method: 'POST',
    json: input,
    schema: staffOrderDetailSchema,
    auth: true,
  })

/** A refund answers the whole order: it replaces the cached one; the lists and the overview refresh. */
export function useRefundOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(['staff', 'order', order.id], order)
      void queryClient.invalidateQueries({ queryKey: ['staff', 'orders'] })
      void queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] })
    },
  })
}

/** The order's receipt PDF, fetched with the staff token and saved. */
export async function downloadOrderReceipt(id: number, number: string) {
  saveBlob(await apiDownload(staffOrderPaths.receiptPdf(id)), `${number}.pdf`)
}

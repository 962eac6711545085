import { receiptPdfPath } from '@/contract/receipts'
import { apiDownload } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-blob'

/** The receipt PDF of an order, fetched with the token (only the owner may read it) and saved. */
export async function downloadReceipt(orderId: number) {
  saveBlob(await apiDownload(receiptPdfPath(orderId)), `receipt-order-${orderId}.pdf`)
}

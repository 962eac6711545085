import { Button } from '@mantine/core'
import { IconFileDownload } from '@tabler/icons-react'
import { useState } from 'react'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { ApiError } from '@/lib/api-client'
import { downloadReceipt } from '../api/download-receipt'

export const receiptTexts = {
  label: 'Receipt (PDF)',
  failed: 'Failed to download the receipt. Please try again.',
  offline: 'Receipts download when you are online.',
} as const

/** Downloads an order's receipt as a PDF (wallet transactions, payment result page). */
export function ReceiptButton({ orderId }: { orderId: number }) {
  const online = useOnline()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconFileDownload size={16} aria-hidden />}
      loading={busy}
      disabled={!online}
      title={online ? undefined : receiptTexts.offline}
      aria-label={`${receiptTexts.label}, order ${orderId}`}
      onClick={async () => {
        setBusy(true)
        try {
          await downloadReceipt(orderId)
        } catch (error) {
          toast.error(error instanceof ApiError && error.status === 404 ? error.message : receiptTexts.failed)
        } finally {
          setBusy(false)
        }
      }}
    >
      {receiptTexts.label}
    </Button>
  )
}

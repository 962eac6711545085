import { apiDownload } from '@/lib/api-client'

/** Our download endpoint checks the caller, so the file is fetched with the token and saved from a Blob. */
export async function downloadAttachment(attachment: { id: number; file_name: string }) {
  const blob = await apiDownload(`/api/support/attachments/${attachment.id}/download/`)
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = attachment.file_name
    link.rel = 'noopener'
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}

import { apiDownload } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-file'

/** Our download endpoint checks the caller, so the file is fetched with the token and saved from a Blob. */
export async function downloadAttachment(attachment: { id: number; file_name: string }) {
  const blob = await apiDownload(`/api/support/attachments/${attachment.id}/download/`)
  saveBlob(blob, attachment.file_name)
}

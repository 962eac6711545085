import { apiDownload } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-blob'

/** Our download endpoint checks the caller, so the file is fetched with the token and saved from a Blob. */
export async function downloadAttachment(attachment: { id: number; file_name: string }) {
  saveBlob(await apiDownload(`/api/support/attachments/${attachment.id}/download/`), attachment.file_name)
}

import { apiDownload } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-blob'

/** Saves the domain's zone file (GET /api/domains/domains/{id}/zone/) as `<domain>.zone`. */
export async function downloadZone(domainId: number, domainName: string) {
  saveBlob(await apiDownload(`/api/domains/domains/${domainId}/zone/`), `${domainName}.zone`)
}

import { apiDownload, buildUrl } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-blob'

/** Downloads a staff list with its current filters as CSV (`?format=csv`), with the token. */
export async function exportList(
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  name: string,
) {
  const url = new URL(buildUrl(path, { ...query, page: undefined, format: 'csv' }), window.location.origin)
  const blob = await apiDownload(`${path}${url.search}`)
  saveBlob(blob, `${name}.csv`)
}

import { platform } from '@/platform/current'

/**
 * A file the API serves (staff-uploaded images: `/api/public/media/…`) as the page must ask for it: on
 * the web the API shares the page's origin, on the desktop the page is `app://cypher` and a root-relative
 * address would resolve inside the app's bundle, so it goes to the API's origin.
 */
export function apiFileUrl<T extends string | null | undefined>(src: T): T {
  if (typeof src !== 'string' || !platform.apiBaseUrl || !src.startsWith('/api/')) return src
  return `${platform.apiBaseUrl}${src}` as T
}

/** A percent-encoded path segment decoded, or null when its escapes are malformed (no page of ours). */
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * The decoded last segment of a page path in one section (`/blog/<slug>` → the slug), or null for any
 * other path. Modules use it to describe their pages for the app shell (`app.addPageMeta`).
 */
export function pageSlug(pathname: string, section: string): string | null {
  const prefix = `/${section}/`
  if (!pathname.startsWith(prefix)) return null
  const segment = pathname.slice(prefix.length)
  if (segment === '' || segment.includes('/')) return null
  return decodePathSegment(segment)
}

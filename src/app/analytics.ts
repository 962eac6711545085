import type { PageViewRequest } from '@/contract/analytics'
import { platform } from '@/platform/current'
import { sessionStore } from '@/lib/storage'

const SESSION_KEY = 'cypher-visit'

function visitId(): string {
  let id = sessionStore.get(SESSION_KEY)
  if (!id) {
    id = crypto.randomUUID().replaceAll('-', '')
    sessionStore.set(SESSION_KEY, id)
  }
  return id
}

let lastPath: string | null = null

/** Sends one page view to our own collector (POST /api/analytics/page-views/); failures are ignored. */
export function trackPageView(path: string, referrer?: string): void {
  if (path === lastPath) return
  lastPath = path
  if (typeof navigator !== 'undefined' && !navigator.onLine) return
  const event: PageViewRequest = {
    path,
    session_id: visitId(),
    platform: platform.kind,
    ...(referrer ? { referrer: referrer.slice(0, 512) } : {}),
  }
  // A logout made offline reaches the server first.
  void Promise.resolve(platform.session.settlePendingSignOut?.())
    .then(() =>
      fetch(`${platform.apiBaseUrl}/api/analytics/page-views/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
        keepalive: true,
      }),
    )
    .catch(() => {})
}

export function resetPageViewTracking() {
  lastPath = null
}

import {
  endsSession,
  REFRESH_TIMEOUT_MS,
  UPDATE_CHECK_INTERVAL_MS,
  type Platform,
  type RefreshOutcome,
  type SessionTransport,
  type UpdateHandlers,
} from './platform'
import { WORKER_MESSAGES } from '@/sw/messages'

function isStandalone(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true
}

/** The web session: the API keeps the refresh token in an httpOnly cookie scoped to /api/auth. */
function cookieSession(apiBaseUrl: string): SessionTransport {
  const post = (path: string, body: unknown, init: RequestInit = {}) =>
    fetch(`${apiBaseUrl}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      ...init,
    })
  return {
    signIn: (path, body) => post(path, body),
    async refresh(): Promise<RefreshOutcome> {
      let response: Response
      try {
        response = await post(
          '/api/auth/token/refresh/',
          {},
          { signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS) },
        )
      } catch {
        // No network, or one that passes nothing (a captive portal, dead Wi-Fi): the session may be fine.
        return { status: 'offline' }
      }
      const body: unknown = await response.json().catch(() => null)
      if (endsSession(response, body)) return { status: 'expired' }
      const access = (body as { access?: unknown } | null)?.access
      if (!response.ok || typeof access !== 'string') return { status: 'failed', httpStatus: response.status }
      return { status: 'ok', access }
    },
    async signOut() {
      try {
        await post('/api/auth/logout/', {}, { keepalive: true })
      } catch {
        // Offline: the local session still ends; the server-side session expires on its own.
      }
    },
  }
}

export function createWebPlatform(): Platform {
  const apiBaseUrl = import.meta.env.VITE_API_URL ?? ''
  return {
    kind: isStandalone() ? 'pwa' : 'web',
    apiBaseUrl,
    session: cookieSession(apiBaseUrl),
    async openExternal(url) {
      window.open(url, '_blank', 'noopener,noreferrer')
    },
    onDeepLink() {
      // Browsers open links as navigations; there is nothing to subscribe to.
      return () => {}
    },
    registerUpdates(handlers: UpdateHandlers) {
      if (!('serviceWorker' in navigator)) return
      void import('virtual:pwa-register').then(({ registerSW }) => {
        const update = registerSW({
          immediate: true,
          onNeedRefresh: () =>
            handlers.onNeedRefresh(async () => {
              // The new version takes over, then this page reloads into it (whoever found the update).
              navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
                once: true,
              })
              await update(true)
            }),
          onOfflineReady: () => handlers.onOfflineReady(),
          // A window left open for days still learns about new versions.
          onRegisteredSW: (_url, registration) => {
            if (!registration) return
            setInterval(() => {
              if (navigator.onLine) void registration.update().catch(() => {})
            }, UPDATE_CHECK_INTERVAL_MS)
          },
        })
      })
    },
    notifyTicketReply: null,
    keepAppOffline({ staff }) {
      // Without it the browser may evict the offline cache when space runs short.
      void navigator.storage?.persist?.().catch(() => false)
      if (!('serviceWorker' in navigator)) return
      void navigator.serviceWorker.ready.then((registration) =>
        registration.active?.postMessage({ type: WORKER_MESSAGES.keepAppCode, staff }),
      )
    },
  }
}

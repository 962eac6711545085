import {
  endsSession,
  REFRESH_TIMEOUT_MS,
  UPDATE_CHECK_INTERVAL_MS,
  type Platform,
  type RefreshOutcome,
  type SessionTransport,
  type UpdateHandlers,
} from './platform'
import { localStore } from '@/lib/storage'
import { WORKER_MESSAGES } from '@/sw/messages'

function isStandalone(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true
}

/**
 * A sign-out the server has not confirmed (local storage, so it survives reloads and restarts). The
 * refresh token is an httpOnly cookie the page cannot delete: only the server's answer to the logout
 * call ends it, so until then no page may use the cookie, and the logout goes first when the network
 * is back.
 */
export const PENDING_SIGN_OUT_KEY = 'pendingSignOut'

/** A logout that gets no answer in this time stays waiting (a network that passes nothing). */
const SIGN_OUT_TIMEOUT_MS = 10_000

/** The web session: the API keeps the refresh token in an httpOnly cookie scoped to /api/auth. */
function cookieSession(apiBaseUrl: string): SessionTransport {
  let settling: Promise<boolean> | null = null
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
    signOut() {
      // Written before anything is sent: a page closed or reloaded now still ends the session later.
      localStore.set(PENDING_SIGN_OUT_KEY, new Date().toISOString())
      return settle().then(() => undefined)
    },
    settlePendingSignOut: () => settle(),
    dropPendingSignOut: () => localStore.remove(PENDING_SIGN_OUT_KEY),
  }

  /** Sends the waiting logout once at a time (the server's logout is idempotent, so tabs may race). */
  function settle(): Promise<boolean> {
    if (!localStore.get(PENDING_SIGN_OUT_KEY)) return Promise.resolve(true)
    settling ??= (async () => {
      try {
        const response = await post(
          '/api/auth/logout/',
          {},
          { keepalive: true, signal: AbortSignal.timeout(SIGN_OUT_TIMEOUT_MS) },
        )
        // A 2xx: the server ended the session and cleared the cookie. Anything else (a proxy's page, a
        // 5xx, a rate limit) leaves it waiting for the next connection.
        if (!response.ok) return false
        localStore.remove(PENDING_SIGN_OUT_KEY)
        return true
      } catch {
        return false
      } finally {
        settling = null
      }
    })()
    return settling
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

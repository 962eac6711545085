import type { Platform, UpdateHandlers } from './platform'

function isStandalone(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true
}

export function createWebPlatform(): Platform {
  return {
    kind: isStandalone() ? 'pwa' : 'web',
    apiBaseUrl: import.meta.env.VITE_API_URL ?? '',
    refreshTokenStore: null,
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
          onNeedRefresh: () => handlers.onNeedRefresh(() => update(true)),
          onOfflineReady: () => handlers.onOfflineReady(),
        })
      })
    },
  }
}

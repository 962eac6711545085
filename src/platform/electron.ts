import type { DesktopBridge, Platform } from './platform'

/** The desktop platform: everything privileged goes through the preload bridge to the main process. */
export function createElectronPlatform(bridge: DesktopBridge): Platform {
  return {
    kind: 'desktop',
    apiBaseUrl: bridge.apiBaseUrl,
    refreshTokenStore: {
      get: () => bridge.getRefreshToken(),
      set: (token) => bridge.setRefreshToken(token),
      clear: () => bridge.clearRefreshToken(),
    },
    openExternal: (url) => bridge.openExternal(url),
    onDeepLink: (listener) => bridge.onDeepLink(listener),
    registerUpdates() {
      // The desktop app ships its renderer inside the app; updates come with the installer.
    },
  }
}

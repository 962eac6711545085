/**
 * What the renderer needs from the platform it runs on. One implementation per platform
 * (web.ts, electron.ts), chosen at start in current.ts; features never ask which one they have.
 */
export interface SecureTokenStore {
  get(): Promise<string | null>
  set(token: string): Promise<void>
  clear(): Promise<void>
}

export interface UpdateHandlers {
  /** A new version is ready; calling `apply` reloads into it. */
  onNeedRefresh(apply: () => Promise<void>): void
  /** The app shell is cached and works offline. */
  onOfflineReady(): void
}

export interface Platform {
  readonly kind: 'web' | 'pwa' | 'desktop'
  /** Prefix for API calls: '' when the API serves the renderer (web), the server URL on desktop. */
  readonly apiBaseUrl: string
  /**
   * Where the refresh token is kept between sessions. Null on the web: there it lives in an httpOnly
   * cookie the API sets, and the renderer never sees it.
   */
  readonly refreshTokenStore: SecureTokenStore | null
  /** Opens a URL outside the app (a new tab on the web, the system browser on desktop). */
  openExternal(url: string): Promise<void>
  /** Subscribes to app links (cypher://...) opened from outside; returns the unsubscribe function. */
  onDeepLink(listener: (path: string) => void): () => void
  /** Installs the offline shell and reports updates; a no-op where the platform updates itself. */
  registerUpdates(handlers: UpdateHandlers): void
}

/** The bridge the desktop preload exposes on `window.cypherDesktop`; electron/preload.ts satisfies it. */
export interface DesktopBridge {
  apiBaseUrl: string
  getRefreshToken(): Promise<string | null>
  setRefreshToken(token: string): Promise<void>
  clearRefreshToken(): Promise<void>
  openExternal(url: string): Promise<void>
  onDeepLink(listener: (path: string) => void): () => void
}

declare global {
  interface Window {
    cypherDesktop?: DesktopBridge
  }
}

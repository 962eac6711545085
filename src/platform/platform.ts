/**
 * What the renderer needs from the platform it runs on. One implementation per platform
 * (web.ts, electron.ts), chosen at start in current.ts; features never ask which one they have.
 */
export interface UpdateHandlers {
  /**
   * A new version is ready; calling `apply` reloads into it (`restart`: the desktop app restarts to
   * install it, so the prompt says "Restart to update").
   */
  onNeedRefresh(apply: () => Promise<void>, how?: 'reload' | 'restart'): void
  /** The app shell is cached and works offline. */
  onOfflineReady(): void
}

/** The calls that open a session and so earn a refresh token. */
export type SignInPath =
  '/api/client/auth/login/' | '/api/client/auth/register/' | '/api/client/auth/login/2fa/'

/** A sign-in call's answer as the desktop main process hands it over (without the refresh token). */
export interface SignInAnswer {
  status: number
  body: unknown
}

/** A staff reply on one of the user's tickets, as the desktop app announces it. */
export interface TicketReplyNotice {
  ticket: number
  project: number
  /** The ticket's title. */
  title: string
  /** Who replied. */
  author: string
  /** The start of the reply. */
  excerpt: string
}

/** Long-open windows look for a new version this often. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

/** A refresh that gets no answer in this time counts as offline: the cached portal stays usable. */
export const REFRESH_TIMEOUT_MS = 10_000

/**
 * Only our API's 401 (a JSON error body) ends a session. A proxy's or captive portal's 400/403 (or an
 * HTML 401) says nothing about the session: the user stays signed in with their cached data.
 */
export function endsSession(
  response: { status: number; headers: { get(name: string): string | null } },
  body: unknown,
) {
  return (
    response.status === 401 &&
    (response.headers.get('content-type') ?? '').includes('application/json') &&
    typeof body === 'object' &&
    body !== null &&
    'detail' in body
  )
}

/** How a refresh went: a new access token, a session that is over, no network, or a server failure. */
export type RefreshOutcome =
  | { status: 'ok'; access: string }
  | { status: 'expired' }
  | { status: 'offline' }
  | { status: 'failed'; httpStatus: number }

/**
 * The refresh token's side of the session. The renderer never holds that token: on the web it is an
 * httpOnly cookie, on the desktop the main process keeps it in the OS keychain.
 */
export interface SessionTransport {
  /** Sends a sign-in call (login, registration, second step); answers like fetch. */
  signIn(path: SignInPath, body: unknown): Promise<Response>
  /** Exchanges the refresh token for a new access token. */
  refresh(): Promise<RefreshOutcome>
  /** Ends the session on the server (best effort) and forgets the refresh token. */
  signOut(): Promise<void>
  /**
   * A sign-out the server has not confirmed yet (it was made offline, or the answer was lost) is sent
   * now; answers true when none is left waiting. Absent where the platform forgets the refresh token
   * itself at sign-out (desktop: the main process deletes it).
   */
  settlePendingSignOut?(): Promise<boolean>
  /** A sign-in replaced the ended session's refresh token: a sign-out still waiting must not end the new one. */
  dropPendingSignOut?(): void
}

export interface Platform {
  readonly kind: 'web' | 'pwa' | 'desktop'
  /** Prefix for API calls: '' when the API serves the renderer (web), the server URL on desktop. */
  readonly apiBaseUrl: string
  readonly session: SessionTransport
  /** Opens a URL outside the app (a new tab on the web, the system browser on desktop). */
  openExternal(url: string): Promise<void>
  /** Subscribes to app links (cypher://...) opened from outside; returns the unsubscribe function. */
  onDeepLink(listener: (path: string) => void): () => void
  /** Installs the offline shell and reports updates; a no-op where the platform updates itself. */
  registerUpdates(handlers: UpdateHandlers): void
  /**
   * A user signed in: keep all of the app's code for offline use (and ask the browser to keep this
   * site's storage); the staff console's code for staff only. A no-op where the app ships its code.
   */
  keepAppOffline(user: { staff: boolean }): void
  /**
   * Announces a staff reply with a native notification while the app is in the background; null where
   * the platform has no notifications of its own (the web portal shows replies when the ticket is opened).
   */
  readonly notifyTicketReply: ((notice: TicketReplyNotice) => void) | null
}

/** The bridge the desktop preload exposes on `window.cypherDesktop`; electron/preload.ts satisfies it. */
export interface DesktopBridge {
  apiBaseUrl: string
  signIn(path: SignInPath, body: unknown): Promise<SignInAnswer>
  refreshSession(): Promise<RefreshOutcome>
  signOut(): Promise<void>
  openExternal(url: string): Promise<void>
  onDeepLink(listener: (path: string) => void): () => void
  notifyTicketReply(notice: TicketReplyNotice): Promise<void>
  /** A downloaded update waits for a restart (the main process says so once it is ready). */
  onUpdateReady(listener: (version: string) => void): () => void
  /** Quits and installs the waiting update. */
  restartToUpdate(): Promise<void>
}

declare global {
  interface Window {
    cypherDesktop?: DesktopBridge
  }
}

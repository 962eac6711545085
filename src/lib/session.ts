import { useSyncExternalStore } from 'react'
import type { AuthResponse, ClientUser } from '@/contract/auth'
import { platform } from '@/platform/current'
import { connectivity } from './connectivity'
import { ACCESS_TOKEN_KEY, USER_KEY } from './session-keys'
import { localStore } from './storage'

export { ACCESS_TOKEN_KEY, USER_KEY }
/** Who was signed in when the session expired, and how many of their writes wait for their next sign-in. */
export const EXPIRED_KEY = 'expiredSession'

/**
 * How long start-up waits for the first session check before showing the cached portal with the
 * offline banner (a network that passes nothing: a captive portal, dead Wi-Fi). Not waited at all when
 * the network is already known to give no answer (the page itself came from the worker's offline copy).
 */
export const REFRESH_WAIT_MS = 1500

export interface ExpiredSession {
  userId: number
  email: string
  pendingWrites: number
}

export type SessionState =
  { status: 'checking' } | { status: 'signed-out' } | { status: 'signed-in'; user: ClientUser }

export interface SessionHooks {
  /**
   * Runs before the signed-in state is published (restores that user's offline cache). `how` tells a
   * session restored at start-up (not yet confirmed by the server) from a sign-in that just happened.
   */
  onSignedIn(user: ClientUser, how: 'restored' | 'signed-in'): Promise<void>
  /** Runs before the signed-out state is published (drops every trace of the previous user's data). */
  onSignedOut(): Promise<void>
  /**
   * The session expired: keeps the user's cache and queued writes on the device for their next sign-in
   * (dropped if someone else signs in) and answers how many writes wait.
   */
  onExpired(): Promise<number>
  /** How many writes of this user wait on the device (read again when a page starts after an expiry). */
  pendingWrites(userId: number): Promise<number>
}

/** The refresh token was refused: the session is over and the user must sign in again. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Your session has expired. Please sign in again.')
    this.name = 'SessionExpiredError'
  }
}

// The schemas load only when a session exists: a first visit needs no validation code.
const authContract = () => import('@/contract/auth')

async function readStoredUser(): Promise<ClientUser | null> {
  const raw = localStore.get(USER_KEY)
  if (!raw) return null
  try {
    const { clientUserSchema } = await authContract()
    const parsed = clientUserSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Runs `task` while holding a lock shared by every tab, so two tabs never rotate one refresh token at once. */
async function withCrossTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks?.request) {
    return navigator.locks.request(name, task)
  }
  return task()
}

class Session {
  private state: SessionState = { status: 'checking' }
  private readonly listeners = new Set<() => void>()
  private hooks: SessionHooks = {
    onSignedIn: async () => {},
    onSignedOut: async () => {},
    onExpired: async () => 0,
    pendingWrites: async () => 0,
  }
  private refreshing: Promise<string> | null = null
  private started: Promise<void> | null = null
  private expiring: Promise<void> | null = null

  configure(hooks: SessionHooks) {
    this.hooks = hooks
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  getState = (): SessionState => this.state

  private publish(state: SessionState) {
    this.state = state
    for (const listener of this.listeners) listener()
  }

  accessToken(): string | null {
    return localStore.get(ACCESS_TOKEN_KEY)
  }

  /**
   * On start a stored session is refreshed, or cleared when the server refuses it. Without a network
   * the stored session is kept so the portal's cached data can be read offline.
   */
  start(): Promise<void> {
    this.started ??= (async () => {
      const user = await readStoredUser()
      if (!user || !this.accessToken()) {
        // An expired session's data waits for its user; anything else left over is removed.
        const expired = this.expiredSession()
        if (expired) {
          this.forgetTokens()
          // The page that saw the expiry may have closed before it counted what waits: count again.
          const pendingWrites = await this.hooks.pendingWrites(expired.userId)
          localStore.set(EXPIRED_KEY, JSON.stringify({ ...expired, pendingWrites }))
        } else await this.clearLocal()
        this.publish({ status: 'signed-out' })
        return
      }
      await this.hooks.onSignedIn(user, 'restored')
      // A network that passes no traffic must not hold the portal: after a short wait the cached data
      // shows, and the refresh goes on in the background.
      const refreshed = this.refresh().then(
        () => 'ok' as const,
        (error: unknown) => (error instanceof SessionExpiredError ? ('expired' as const) : ('kept' as const)),
      )
      let timer: ReturnType<typeof setTimeout> | undefined
      // Known offline, nothing is waited for, not even a timer's turn: on a busy start-up (the page's
      // code evaluating) a zero timer still waits behind every task queued before it.
      const waited = connectivity.online()
        ? new Promise<'waited'>((resolve) => {
            timer = setTimeout(() => resolve('waited'), REFRESH_WAIT_MS)
          })
        : Promise.resolve('waited' as const)
      const first = await Promise.race([refreshed, waited])
      clearTimeout(timer)
      // No answer in that time: the portal reads offline, and a probe finds out when the network is back.
      if (first === 'waited') connectivity.noAnswer()
      if (first === 'expired') return this.expire()
      this.publish({ status: 'signed-in', user })
      if (first === 'waited') {
        void refreshed.then((outcome) => (outcome === 'expired' ? this.expire() : undefined))
      }
    })()
    return this.started
  }

  async signIn(response: AuthResponse): Promise<void> {
    // The sign-in's answer set a new refresh cookie: a logout still waiting would end this session.
    platform.session.dropPendingSignOut?.()
    const previous = (await readStoredUser())?.id ?? this.expiredSession()?.userId
    // Another user's cached data and queued writes must never show or be sent: switching users clears them.
    if (previous !== undefined && previous !== response.client.id) await this.hooks.onSignedOut()
    localStore.remove(EXPIRED_KEY)
    localStore.set(ACCESS_TOKEN_KEY, response.access)
    localStore.set(USER_KEY, JSON.stringify(response.client))
    await this.hooks.onSignedIn(response.client, 'signed-in')
    this.publish({ status: 'signed-in', user: response.client })
  }

  /** The session that expired on this device and what waits for its user, or null. */
  expiredSession(): ExpiredSession | null {
    const raw = localStore.get(EXPIRED_KEY)
    if (!raw) return null
    try {
      const value = JSON.parse(raw) as Partial<ExpiredSession>
      if (typeof value.userId !== 'number' || typeof value.email !== 'string') return null
      return { userId: value.userId, email: value.email, pendingWrites: Number(value.pendingWrites) || 0 }
    } catch {
      return null
    }
  }

  /**
   * The server refused the session (a 401 from our API). The user must sign in again; their cached
   * data and queued writes stay on this device for that sign-in and leave memory now.
   */
  expire(): Promise<void> {
    // The start-up refresh and a queued write's 401 often report the same expiry at once.
    this.expiring ??= this.expireOnce().finally(() => {
      this.expiring = null
    })
    return this.expiring
  }

  private async expireOnce(): Promise<void> {
    const user = this.state.status === 'signed-in' ? this.state.user : await readStoredUser()
    if (!user) {
      // Already expired (another call or tab got there first): what waits for the user stays.
      if (this.expiredSession()) return this.publish({ status: 'signed-out' })
      return this.clearLocal()
    }
    // Named before the tokens go: a page (or tab) that starts meanwhile must not take this for a
    // sign-out and wipe what waits for the user, even if this page closes before it is done.
    const expired = { userId: user.id, email: user.email }
    localStore.set(EXPIRED_KEY, JSON.stringify({ ...expired, pendingWrites: 0 }))
    this.forgetTokens()
    const pendingWrites = await this.hooks.onExpired()
    localStore.set(EXPIRED_KEY, JSON.stringify({ ...expired, pendingWrites }))
    this.publish({ status: 'signed-out' })
  }

  private forgetTokens() {
    localStore.remove(ACCESS_TOKEN_KEY)
    localStore.remove(USER_KEY)
  }

  /** Takes a new access token for the same session (after a password or two-factor change). */
  replaceAccessToken(access: string): void {
    localStore.set(ACCESS_TOKEN_KEY, access)
  }

  /** Updates the signed-in user after a profile or e-mail change, so the header shows the new name. */
  updateUser(user: ClientUser): void {
    if (this.state.status !== 'signed-in') return
    localStore.set(USER_KEY, JSON.stringify(user))
    this.publish({ status: 'signed-in', user })
  }

  /** Exchanges the refresh token for a new access token; concurrent callers share one request. */
  refresh(): Promise<string> {
    this.refreshing ??= this.refreshOnce().finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  private async refreshOnce(): Promise<string> {
    const tokenBefore = this.accessToken()
    return withCrossTabLock('cypher-auth-refresh', async () => {
      const tokenNow = this.accessToken()
      // Another tab refreshed while this one waited for the lock: use its token.
      if (tokenNow && tokenNow !== tokenBefore) return tokenNow
      await this.beforeRequest()
      const outcome = await platform.session.refresh()
      if (outcome.status === 'offline') {
        connectivity.noAnswer()
        throw new TypeError('Network unavailable')
      }
      connectivity.answered()
      if (outcome.status === 'expired') throw new SessionExpiredError()
      if (outcome.status === 'failed') throw new Error(`Token refresh failed (${outcome.httpStatus})`)
      localStore.set(ACCESS_TOKEN_KEY, outcome.access)
      return outcome.access
    })
  }

  /**
   * Removes every local trace of the session at once and ends it on the server: now when the network
   * answers, otherwise on the next connection, before anything else is sent (`beforeRequest`).
   */
  async signOut(): Promise<void> {
    const ended = platform.session.signOut().catch(() => {})
    await this.clearLocal()
    await ended
  }

  /**
   * Every call to the API waits for this first: a logout made offline reaches the server before
   * anything else is sent (a sign-in included, whose new cookie the logout would otherwise end).
   */
  async beforeRequest(): Promise<void> {
    await platform.session.settlePendingSignOut?.()
  }

  /** Sends a waiting logout as soon as the network is back, in every open tab. */
  settleSignOutWhenOnline() {
    const settle = () => void platform.session.settlePendingSignOut?.()
    window.addEventListener('online', settle)
    settle()
  }

  /** Forgets the session and every trace of its data locally (logout). */
  async clearLocal(): Promise<void> {
    this.forgetTokens()
    localStore.remove(EXPIRED_KEY)
    await this.hooks.onSignedOut()
    this.publish({ status: 'signed-out' })
  }

  /** Follows sign-in and sign-out done in another tab of the same browser. */
  followOtherTabs() {
    window.addEventListener('storage', async (event) => {
      if (event.key !== USER_KEY && event.key !== null) return
      const user = await readStoredUser()
      const current = this.state.status === 'signed-in' ? this.state.user : null
      if (!user && current) void (this.expiredSession() ? this.expire() : this.clearLocal())
      else if (user && user.id !== current?.id) window.location.reload()
    })
  }
}

export const session = new Session()

// Prerendered HTML is drawn without a session; hydration starts from the same state, then catches up.
const CHECKING: SessionState = { status: 'checking' }

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, () => CHECKING)
}

export function useCurrentUser(): ClientUser | null {
  const state = useSession()
  return state.status === 'signed-in' ? state.user : null
}

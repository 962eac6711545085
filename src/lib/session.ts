import { useSyncExternalStore } from 'react'
import type { AuthResponse, ClientUser } from '@/contract/auth'
import { platform } from '@/platform/current'
import { ACCESS_TOKEN_KEY, USER_KEY } from './session-keys'
import { localStore } from './storage'

export { ACCESS_TOKEN_KEY, USER_KEY }

export type SessionState =
  { status: 'checking' } | { status: 'signed-out' } | { status: 'signed-in'; user: ClientUser }

export interface SessionHooks {
  /** Runs before the signed-in state is published (restores that user's offline cache). */
  onSignedIn(user: ClientUser): Promise<void>
  /** Runs before the signed-out state is published (drops every trace of the previous user's data). */
  onSignedOut(): Promise<void>
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
  private hooks: SessionHooks = { onSignedIn: async () => {}, onSignedOut: async () => {} }
  private refreshing: Promise<string> | null = null
  private started: Promise<void> | null = null

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
        await this.clearLocal()
        return
      }
      await this.hooks.onSignedIn(user)
      try {
        await this.refresh()
        this.publish({ status: 'signed-in', user })
      } catch (error) {
        if (error instanceof SessionExpiredError) await this.clearLocal()
        else this.publish({ status: 'signed-in', user })
      }
    })()
    return this.started
  }

  async signIn(response: AuthResponse): Promise<void> {
    const previous = await readStoredUser()
    // Another user's cached data must never show: switching users clears it first.
    if (previous && previous.id !== response.client.id) await this.hooks.onSignedOut()
    localStore.set(ACCESS_TOKEN_KEY, response.access)
    localStore.set(USER_KEY, JSON.stringify(response.client))
    await this.hooks.onSignedIn(response.client)
    this.publish({ status: 'signed-in', user: response.client })
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
      const outcome = await platform.session.refresh()
      if (outcome.status === 'expired') throw new SessionExpiredError()
      if (outcome.status === 'offline') throw new TypeError('Network unavailable')
      if (outcome.status === 'failed') throw new Error(`Token refresh failed (${outcome.httpStatus})`)
      localStore.set(ACCESS_TOKEN_KEY, outcome.access)
      return outcome.access
    })
  }

  /** Ends the session on the server (best effort) and removes every local trace of it. */
  async signOut(): Promise<void> {
    await platform.session.signOut()
    await this.clearLocal()
  }

  /** Forgets the session locally (after the server refused it, or after logout). */
  async clearLocal(): Promise<void> {
    localStore.remove(ACCESS_TOKEN_KEY)
    localStore.remove(USER_KEY)
    await this.hooks.onSignedOut()
    this.publish({ status: 'signed-out' })
  }

  /** Follows sign-in and sign-out done in another tab of the same browser. */
  followOtherTabs() {
    window.addEventListener('storage', async (event) => {
      if (event.key !== USER_KEY && event.key !== null) return
      const user = await readStoredUser()
      const current = this.state.status === 'signed-in' ? this.state.user : null
      if (!user && current) void this.clearLocal()
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

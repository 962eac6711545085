import {
  endsSession,
  REFRESH_TIMEOUT_MS,
  type RefreshOutcome,
  type SignInAnswer,
  type SignInPath,
} from '../src/platform/platform'
import type { SecureStore } from './secure-store'

/** The calls that open a session; only these may be sent through the main process. */
export const SIGN_IN_PATHS: readonly SignInPath[] = [
  '/api/client/auth/login/',
  '/api/client/auth/register/',
  '/api/client/auth/login/2fa/',
]

export interface DesktopSessionDeps {
  apiUrl: string
  store: Pick<SecureStore, 'get' | 'set' | 'clear'>
  /** Electron's net.fetch in the app; any fetch in tests. */
  fetch: (url: string, init: RequestInit) => Promise<Response>
  userAgent: string
}

function isSignInPath(path: unknown): path is SignInPath {
  return typeof path === 'string' && (SIGN_IN_PATHS as readonly string[]).includes(path)
}

/**
 * The desktop session, kept in the main process: it holds the refresh token (keychain), calls the
 * sign-in, refresh and logout endpoints itself, and gives the renderer only access tokens. A page
 * script, even an injected one, never sees the refresh token.
 */
export function createDesktopSession(deps: DesktopSessionDeps) {
  let refreshing: Promise<RefreshOutcome> | null = null

  const post = (path: string, body: unknown, signal?: AbortSignal) =>
    deps.fetch(`${deps.apiUrl}${path}`, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': deps.userAgent,
      },
      body: JSON.stringify(body),
    })

  async function readJson(response: Response): Promise<unknown> {
    try {
      return await response.json()
    } catch {
      return null
    }
  }

  async function refreshOnce(): Promise<RefreshOutcome> {
    const token = await deps.store.get()
    if (!token) return { status: 'expired' }
    let response: Response
    try {
      response = await post(
        '/api/auth/token/refresh/',
        { refresh: token },
        AbortSignal.timeout(REFRESH_TIMEOUT_MS),
      )
    } catch {
      // No network, or one that passes nothing: the session may still be good; the renderer keeps its cached data.
      return { status: 'offline' }
    }
    const body = (await readJson(response)) as { access?: unknown; refresh?: unknown } | null
    // Only our API's 401 ends the session; a proxy's 400/403 does not.
    if (endsSession(response, body)) {
      await deps.store.clear()
      return { status: 'expired' }
    }
    if (!response.ok || typeof body?.access !== 'string' || typeof body.refresh !== 'string') {
      return { status: 'failed', httpStatus: response.status }
    }
    await deps.store.set(body.refresh)
    return { status: 'ok', access: body.access }
  }

  return {
    /** Sends a sign-in call; a refresh token in the answer is kept here and removed from what the renderer gets. */
    async signIn(path: unknown, body: unknown): Promise<SignInAnswer> {
      if (!isSignInPath(path)) throw new Error('Not a sign-in call')
      const response = await post(path, body)
      const answer = await readJson(response)
      if (response.ok && answer && typeof answer === 'object' && 'refresh' in answer) {
        const { refresh, ...rest } = answer as { refresh: unknown }
        if (typeof refresh === 'string') await deps.store.set(refresh)
        return { status: response.status, body: rest }
      }
      return { status: response.status, body: answer }
    },

    /** One refresh at a time: two would present the same token, and the second would revoke the session. */
    refresh(): Promise<RefreshOutcome> {
      refreshing ??= refreshOnce().finally(() => {
        refreshing = null
      })
      return refreshing
    },

    /** Ends the session on the server when it can be reached, and forgets the token either way. */
    async signOut(): Promise<{ reachedServer: boolean }> {
      const token = await deps.store.get()
      await deps.store.clear()
      if (!token) return { reachedServer: false }
      try {
        const response = await post('/api/auth/logout/', { refresh: token })
        return { reachedServer: response.ok }
      } catch {
        return { reachedServer: false }
      }
    },
  }
}

export type DesktopSession = ReturnType<typeof createDesktopSession>

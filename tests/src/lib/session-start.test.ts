import { beforeEach, describe, expect, it, vi } from 'vitest'

const user = {
  id: 7,
  first_name: 'Dana',
  last_name: 'Mercer',
  email: 'demo@example.com',
  company_name: 'Demo Company',
  phone: '',
  role: 'client' as const,
}

// Each case needs a fresh session singleton: the module is re-imported.
async function freshSession() {
  vi.resetModules()
  return import('../../../src/lib/session')
}

beforeEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  window.localStorage.clear()
})

const noHooks = {
  onSignedIn: async () => {},
  onSignedOut: async () => {},
  onExpired: async () => 0,
  pendingWrites: async () => 0,
}

function answer(status: number, body: string, type = 'application/json') {
  return new Response(body, { status, headers: { 'content-type': type } })
}

describe('session start', () => {
  it('is signed out without a stored user, without calling the server', async () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    const { session } = await freshSession()
    await session.start()
    expect(session.getState()).toEqual({ status: 'signed-out' })
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('refreshes a stored session and restores that user first', async () => {
    window.localStorage.setItem('accessToken', 'a1')
    window.localStorage.setItem('user', JSON.stringify(user))
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ access: 'a2', refresh: 'r2' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    )
    const { session } = await freshSession()
    const restored: string[] = []
    session.configure({ ...noHooks, onSignedIn: async (u, how) => void restored.push(`${u.id}:${how}`) })
    await session.start()
    // Restored, not signed in: what waits is not announced as sent before the server confirmed the session.
    expect(restored).toEqual(['7:restored'])
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: { first_name: 'Dana' } })
    expect(window.localStorage.getItem('accessToken')).toBe('a2')
  })

  it("ends the session on our API's 401 but keeps the user's data and queued writes for their next sign-in", async () => {
    window.localStorage.setItem('accessToken', 'a1')
    window.localStorage.setItem('user', JSON.stringify(user))
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(401, '{"detail":"no"}')))
    const { session } = await freshSession()
    const cleared = vi.fn(async () => {})
    const suspended = vi.fn(async () => 2)
    session.configure({ ...noHooks, onSignedOut: cleared, onExpired: suspended })
    await session.start()
    expect(session.getState()).toEqual({ status: 'signed-out' })
    expect(suspended).toHaveBeenCalled()
    expect(cleared).not.toHaveBeenCalled()
    expect(window.localStorage.getItem('user')).toBeNull()
    expect(session.expiredSession()).toEqual({ userId: 7, email: user.email, pendingWrites: 2 })
  })

  it('names the expired user before the tokens go, so a page starting meanwhile keeps what waits', async () => {
    window.localStorage.setItem('accessToken', 'a1')
    window.localStorage.setItem('user', JSON.stringify(user))
    const { session } = await freshSession()
    let seenBySecondPage: unknown = 'not asked'
    session.configure({
      ...noHooks,
      // While this page still writes its cache, another page reads what the storage says.
      onExpired: async () => {
        seenBySecondPage = {
          user: window.localStorage.getItem('user'),
          expired: JSON.parse(window.localStorage.getItem('expiredSession') ?? 'null'),
        }
        return 1
      },
    })
    await session.expire()
    expect(seenBySecondPage).toEqual({
      user: null,
      expired: { userId: 7, email: user.email, pendingWrites: 0 },
    })
    expect(session.expiredSession()).toMatchObject({ userId: 7, pendingWrites: 1 })
  })

  it('a page starting after an expiry counts the waiting writes again and keeps them', async () => {
    // The page that saw the expiry closed before it counted.
    window.localStorage.setItem(
      'expiredSession',
      JSON.stringify({ userId: 7, email: user.email, pendingWrites: 0 }),
    )
    const { session } = await freshSession()
    const cleared = vi.fn(async () => {})
    const counted = vi.fn(async () => 1)
    session.configure({ ...noHooks, onSignedOut: cleared, pendingWrites: counted })
    await session.start()
    expect(session.getState()).toEqual({ status: 'signed-out' })
    expect(counted).toHaveBeenCalledWith(7)
    expect(cleared).not.toHaveBeenCalled()
    expect(session.expiredSession()).toEqual({ userId: 7, email: user.email, pendingWrites: 1 })
  })

  it('an expiry reported twice at once (start-up refresh and a queued write) keeps what waits', async () => {
    window.localStorage.setItem('accessToken', 'a1')
    window.localStorage.setItem('user', JSON.stringify(user))
    const { session } = await freshSession()
    const cleared = vi.fn(async () => {})
    session.configure({ ...noHooks, onSignedOut: cleared, onExpired: async () => 1 })
    await Promise.all([session.expire(), session.expire()])
    await session.expire()
    expect(cleared).not.toHaveBeenCalled()
    expect(session.expiredSession()).toMatchObject({ userId: 7, pendingWrites: 1 })
  })

  it.each([
    ['a 400', answer(400, '<html>Bad request</html>', 'text/html')],
    ['a 403', answer(403, '{"detail":"Forbidden by proxy"}')],
    ['an HTML 401', answer(401, '<html>Log in to the Wi-Fi</html>', 'text/html')],
  ])('keeps the session when a proxy answers the refresh with %s', async (_name, response) => {
    window.localStorage.setItem('accessToken', 'a1')
    window.localStorage.setItem('user', JSON.stringify(user))
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(response))
    const { session } = await freshSession()
    const cleared = vi.fn(async () => {})
    const suspended = vi.fn(async () => 0)
    session.configure({ ...noHooks, onSignedOut: cleared, onExpired: suspended })
    await session.start()
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: { id: 7 } })
    expect(cleared).not.toHaveBeenCalled()
    expect(suspended).not.toHaveBeenCalled()
  })

  it('shows the cached portal when the refresh gets no answer at all (a network that passes nothing)', async () => {
    vi.useFakeTimers()
    window.localStorage.setItem('accessToken', 'a1')
    window.localStorage.setItem('user', JSON.stringify(user))
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )
    const { session, REFRESH_WAIT_MS } = await freshSession()
    session.configure(noHooks)
    const started = session.start()
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_MS)
    await started
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: { id: 7 } })
  })

  it('known offline, shows the cached portal without waiting for a timer (issue 27)', async () => {
    // Timers never fire here: a start that waits for one, even a zero timer, stays "checking".
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false)
    window.localStorage.setItem('accessToken', 'a1')
    window.localStorage.setItem('user', JSON.stringify(user))
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )
    const { session } = await freshSession()
    session.configure(noHooks)
    void session.start()
    const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve))
    // The stored user's schemas load first (a module import): a bounded number of the event loop's turns.
    for (let turn = 0; turn < 200 && session.getState().status === 'checking'; turn++) await nextTask()
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: { id: 7 } })
    vi.restoreAllMocks()
  })

  it('the same user signing in after an expiry keeps their data; another user drops it', async () => {
    window.localStorage.setItem(
      'expiredSession',
      JSON.stringify({ userId: 7, email: user.email, pendingWrites: 1 }),
    )
    const { session } = await freshSession()
    const events: string[] = []
    session.configure({
      ...noHooks,
      onSignedIn: async (u, how) => void events.push(`in:${u.id}${how === 'signed-in' ? '' : how}`),
      onSignedOut: async () => void events.push('out'),
    })
    await session.start()
    expect(events).toEqual([])
    await session.signIn({ access: 'a', refresh: 'r', client: user })
    expect(events).toEqual(['in:7'])
    expect(session.expiredSession()).toBeNull()

    window.localStorage.setItem(
      'expiredSession',
      JSON.stringify({ userId: 7, email: user.email, pendingWrites: 1 }),
    )
    await session.signIn({ access: 'b', refresh: 'rb', client: { ...user, id: 8 } })
    expect(events).toEqual(['in:7', 'out', 'in:8'])
  })

  it('keeps the session offline so cached portal data stays readable', async () => {
    window.localStorage.setItem('accessToken', 'a1')
    window.localStorage.setItem('user', JSON.stringify(user))
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    const { session } = await freshSession()
    await session.start()
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: { id: 7 } })
    expect(window.localStorage.getItem('accessToken')).toBe('a1')
  })

  it("drops the previous user's cached data when another user signs in", async () => {
    window.localStorage.setItem('accessToken', 'a1')
    window.localStorage.setItem('user', JSON.stringify(user))
    const { session } = await freshSession()
    const events: string[] = []
    session.configure({
      ...noHooks,
      onSignedIn: async (u) => void events.push(`in:${u.id}`),
      onSignedOut: async () => void events.push('out'),
    })
    await session.signIn({ access: 'b', refresh: 'rb', client: { ...user, id: 8, first_name: 'Omar' } })
    expect(events).toEqual(['out', 'in:8'])
  })
})

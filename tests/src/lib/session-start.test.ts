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
})

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
    const restored: number[] = []
    session.configure({ onSignedIn: async (u) => void restored.push(u.id), onSignedOut: async () => {} })
    await session.start()
    expect(restored).toEqual([7])
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: { first_name: 'Dana' } })
    expect(window.localStorage.getItem('accessToken')).toBe('a2')
  })

  it('clears the stored session when the server refuses the refresh', async () => {
    window.localStorage.setItem('accessToken', 'a1')
    window.localStorage.setItem('user', JSON.stringify(user))
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response('{"detail":"no"}', { status: 401, headers: { 'content-type': 'application/json' } }),
        ),
    )
    const { session } = await freshSession()
    const cleared = vi.fn(async () => {})
    session.configure({ onSignedIn: async () => {}, onSignedOut: cleared })
    await session.start()
    expect(session.getState()).toEqual({ status: 'signed-out' })
    expect(cleared).toHaveBeenCalled()
    expect(window.localStorage.getItem('user')).toBeNull()
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
      onSignedIn: async (u) => void events.push(`in:${u.id}`),
      onSignedOut: async () => void events.push('out'),
    })
    await session.signIn({ access: 'b', refresh: 'rb', client: { ...user, id: 8, first_name: 'Omar' } })
    expect(events).toEqual(['out', 'in:8'])
  })
})

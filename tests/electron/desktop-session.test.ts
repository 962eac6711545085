import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesktopSession } from '../../electron/desktop-session'
import { memoryStore } from '../../electron/secure-store'
import { createTestApp } from '../server/helpers/test-app'

// The real main-process session code against the real API server, over real HTTP (Node's fetch,
// as Electron's main process uses it): no browser, no CORS, the refresh token never leaves here.
const app = await createTestApp()
let apiUrl = ''
beforeAll(async () => {
  await app.listen({ host: '127.0.0.1', port: 0 })
  apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await app.close()
})

const DEMO = { email: 'demo@example.com', password: 'DemoPass!2026' }

function desktop() {
  const store = memoryStore()
  const session = createDesktopSession({ apiUrl, store, fetch, userAgent: 'CypherDesktop/0.1.0 (linux)' })
  return { store, session }
}

const me = (access: string) =>
  fetch(`${apiUrl}/api/client/accounts/me/`, { headers: { authorization: `Bearer ${access}` } })

describe('desktop session in the main process', () => {
  it('signs in, keeps the refresh token and hands the renderer the rest', async () => {
    const { store, session } = desktop()
    const answer = await session.signIn('/api/client/auth/login/', DEMO)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ access: expect.any(String), client: { email: DEMO.email } })
    expect(answer.body).not.toHaveProperty('refresh')
    expect(await store.get()).toEqual(expect.any(String))
  })

  it('refreshes against the server, rotating the stored token', async () => {
    const { store, session } = desktop()
    await session.signIn('/api/client/auth/login/', DEMO)
    const before = await store.get()
    const outcome = await session.refresh()
    expect(outcome.status).toBe('ok')
    const access = outcome.status === 'ok' ? outcome.access : ''
    expect((await me(access)).status).toBe(200)
    expect(await store.get()).not.toBe(before)
  })

  it('shares one request between parallel refreshes (two would revoke the session)', async () => {
    const { session } = desktop()
    await session.signIn('/api/client/auth/login/', DEMO)
    const [a, b] = await Promise.all([session.refresh(), session.refresh()])
    expect(a).toEqual(b)
    expect((await session.refresh()).status).toBe('ok')
  })

  it('logs out on the server: the session and its tokens stop working', async () => {
    const { store, session } = desktop()
    const answer = await session.signIn('/api/client/auth/login/', DEMO)
    const access = (answer.body as { access: string }).access
    const token = await store.get()
    expect(await session.signOut()).toEqual({ reachedServer: true })
    expect(await store.get()).toBeNull()
    expect((await me(access)).status).toBe(401)
    const replay = await fetch(`${apiUrl}/api/auth/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: token }),
    })
    expect(replay.status).toBe(401)
  })

  it('reports an ended session as expired and forgets the token', async () => {
    const { store, session } = desktop()
    await session.signIn('/api/client/auth/login/', DEMO)
    await store.set('a-token-the-server-never-issued')
    expect(await session.refresh()).toEqual({ status: 'expired' })
    expect(await store.get()).toBeNull()
  })

  it('keeps the token when a proxy, not our API, refuses the refresh (400/403, an HTML 401)', async () => {
    for (const [status, type, body] of [
      [400, 'text/html', '<html>Bad request</html>'],
      [403, 'application/json', '{"error":"blocked by policy"}'],
      [401, 'text/html', '<html>Sign in to the hotel Wi-Fi</html>'],
    ] as const) {
      const store = memoryStore()
      await store.set('kept')
      const proxy = async () => new Response(body, { status, headers: { 'content-type': type } })
      const session = createDesktopSession({ apiUrl, store, fetch: proxy, userAgent: 'test' })
      expect(await session.refresh()).toEqual({ status: 'failed', httpStatus: status })
      expect(await store.get()).toBe('kept')
    }
  })

  it('reports an unreachable server as offline and keeps the token', async () => {
    const store = memoryStore()
    await store.set('kept')
    const session = createDesktopSession({ apiUrl: 'http://127.0.0.1:9', store, fetch, userAgent: 'test' })
    expect(await session.refresh()).toEqual({ status: 'offline' })
    expect(await store.get()).toBe('kept')
  })

  it('passes failures of sign-in through and sends only sign-in calls', async () => {
    const { store, session } = desktop()
    const wrong = await session.signIn('/api/client/auth/login/', { ...DEMO, password: 'Wrong!Pass1' })
    expect(wrong.status).toBe(401)
    expect(await store.get()).toBeNull()
    await expect(session.signIn('/api/auth/token/refresh/', {})).rejects.toThrow('Not a sign-in call')
  })

  it('lists the desktop app by name among the sessions', async () => {
    const { session } = desktop()
    const answer = await session.signIn('/api/client/auth/login/', DEMO)
    const access = (answer.body as { access: string }).access
    const list = await (
      await fetch(`${apiUrl}/api/auth/sessions/`, { headers: { authorization: `Bearer ${access}` } })
    ).json()
    expect(list.find((s: { current: boolean }) => s.current).device).toBe('Cypher desktop app on Linux')
  })
})

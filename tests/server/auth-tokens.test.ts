import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { authSessions, refreshTokens } from '../../server/db/schema'
import { REFRESH_REUSE_GRACE_MS, SESSION_LIFETIME } from '../../server/modules/auth/service'
import { SessionState } from '../../server/plugins/session-state'
import { ageRotation, DEMO, nextAddress, registerClient, signIn } from './helpers/auth'
import { TEST_PASSWORD_HASH_COST } from './helpers/postgres'
import { createTestApp, openTestApp, openTestDatabase, TEST_JWT_SECRET } from './helpers/test-app'

const app = await openTestApp()
const me = (access: string) =>
  app.inject({
    method: 'GET',
    url: '/api/client/accounts/me/',
    headers: { authorization: `Bearer ${access}` },
  })
const refreshWith = (refresh: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/token/refresh/',
    payload: { refresh },
    remoteAddress: nextAddress(),
  })

/** The session an access token belongs to (its `sid` claim). */
const sessionIdOf = (access: string): string =>
  JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString()).sid

describe('refresh-token delivery', () => {
  it('gives API and desktop clients (no browser headers) the token in the body and no cookie', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: DEMO,
      remoteAddress: nextAddress(),
    })
    expect(response.json().refresh).toEqual(expect.any(String))
    expect(response.headers['set-cookie']).toBeUndefined()
    const rotated = await refreshWith(response.json().refresh)
    expect(rotated.json().refresh).toEqual(expect.any(String))
    expect(rotated.headers['set-cookie']).toBeUndefined()
  })

  it('names the cookie __Host- (Secure, Path=/) when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.com' } })
    try {
      const response = await secure.inject({
        method: 'POST',
        url: '/api/client/auth/login/',
        payload: DEMO,
        headers: { 'sec-fetch-site': 'same-origin', origin: 'https://portal.example.com' },
        remoteAddress: nextAddress(),
      })
      expect(response.statusCode).toBe(200)
      const cookie = String(response.headers['set-cookie'])
      expect(cookie).toMatch(/^__Host-refresh_token=/)
      expect(cookie).toMatch(/Path=\//)
      expect(cookie).toMatch(/Secure/)
      expect(cookie).toMatch(/HttpOnly/)
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    } finally {
      await secure.close()
    }
  })

  it('refuses cookie refresh and logout from another site', async () => {
    for (const url of ['/api/auth/token/refresh/', '/api/auth/logout/']) {
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
        const response = await app.inject({
          method: 'POST',
          url,
          payload: {},
          headers,
          cookies: { refresh_token: 'x' },
        })
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403)
      }
    }
  })
})

describe('Cache-Control', () => {
  it('is no-store on token answers and on every authenticated answer', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: DEMO,
      remoteAddress: nextAddress(),
    })
    expect(login.headers['cache-control']).toBe('no-store')
    expect((await refreshWith(login.json().refresh)).headers['cache-control']).toBe('no-store')
    const account = await me(login.json().access)
    expect(account.headers['cache-control']).toBe('no-store')
    const overview = await app.inject({
      method: 'GET',
      url: '/api/client/overview/',
      headers: { authorization: `Bearer ${login.json().access}` },
    })
    expect(overview.headers['cache-control']).toContain('no-store')
  })
})

describe('session lifetime', () => {
  it('ends at the absolute lifetime; rotation never extends it', async () => {
    const session = await signIn(app)
    const [mine] = await app.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, sessionIdOf(session.access)))
    const end = mine?.expiresAt.getTime() ?? 0
    expect(end - (mine?.createdAt.getTime() ?? 0)).toBe(SESSION_LIFETIME.remember.absoluteMs)

    const rotated = (await refreshWith(session.refresh)).json()
    const tokens = await app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, mine?.id ?? ''))
    for (const token of tokens) expect(token.expiresAt.getTime()).toBeLessThanOrEqual(end)

    // Past the absolute end the session is over, for its refresh and its access tokens alike.
    await app.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, mine?.id ?? ''))
    app.sessionState.forgetUser(session.client.id)
    expect((await refreshWith(rotated.refresh)).statusCode).toBe(401)
    expect((await me(rotated.access)).statusCode).toBe(401)
  })

  it('lasts one day without "remember me"', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { ...DEMO, remember: false },
      remoteAddress: nextAddress(),
    })
    expect(response.statusCode).toBe(200)
    const [latest] = await app.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, sessionIdOf(response.json().access)))
    expect(latest?.remember).toBe(false)
    expect((latest?.expiresAt.getTime() ?? 0) - (latest?.createdAt.getTime() ?? 0)).toBe(
      SESSION_LIFETIME.session.absoluteMs,
    )
  })

  it('revokes the session on token reuse, access tokens included', async () => {
    const session = await signIn(app)
    const rotated = (await refreshWith(session.refresh)).json()
    await ageRotation(app, session.refresh, REFRESH_REUSE_GRACE_MS + 1000)
    expect((await refreshWith(session.refresh)).statusCode).toBe(401)
    expect((await me(rotated.access)).statusCode).toBe(401)
  })

  it('logout ends the access token of that session at once', async () => {
    const session = await signIn(app)
    await app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: session.refresh } })
    expect((await me(session.access)).statusCode).toBe(401)
  })
})

describe('SessionState cache', () => {
  it('reads the database again once the cache time has passed', async () => {
    const client = await registerClient(app)
    const state = new SessionState(app.db, 0)
    const claims = await app.accessTokens.verify(client.access)
    expect(claims && (await state.check(claims))).toBe('client')
    await app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: client.refresh } })
    expect(claims && (await state.check(claims))).toBeNull()
  })
})

describe('access-token lifetime', () => {
  it('follows ACCESS_TOKEN_TTL', async () => {
    const short = await createTestApp({ env: { ACCESS_TOKEN_TTL: '30' } })
    try {
      const { access } = await signIn(short)
      const payload = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString())
      expect(payload.exp - Math.floor(payload.iat)).toBe(30)
    } finally {
      await short.close()
    }
  })
})

describe('per-account login throttle', () => {
  it('grows the wait after failures whatever the address, and lets the owner in after it', async () => {
    const client = await registerClient(app)
    const attempt = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/client/auth/login/',
        payload: { email: client.email, password },
        remoteAddress: nextAddress(),
      })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await attempt('Wrong!Pass1')).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401])
    const blocked = await attempt('Str0ng!Pass')
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(blocked.json().detail).toMatch(/Try again in \d+ seconds/)

    // Once the wait is over, the right password works and the count starts again.
    const { accountThrottles } = await import('../../server/db/schema')
    await app.db
      .update(accountThrottles)
      .set({ blockedUntil: new Date(Date.now() - 1) })
      .where(eq(accountThrottles.key, `login:${client.email}`))
    expect((await attempt('Str0ng!Pass')).statusCode).toBe(200)
    expect((await attempt('Wrong!Pass1')).statusCode).toBe(401)
  })

  it('logs failures and reuse with the account id and request id, never the password', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const database = await openTestDatabase()
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }),
      passwordHashCost: TEST_PASSWORD_HASH_COST,
    }
    const logged = await buildApp(
      config,
      { database, jwtSecret: TEST_JWT_SECRET },
      { logger: { level: 'warn', stream } },
    )
    try {
      await logged.inject({
        method: 'POST',
        url: '/api/client/auth/login/',
        payload: { email: DEMO.email, password: 'Secret-Guess-42' },
        headers: { 'x-request-id': 'req-123' },
      })
      const session = await signIn(logged)
      const refresh = (token: string) =>
        logged.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: token } })
      await refresh(session.refresh)
      await ageRotation(logged, session.refresh, REFRESH_REUSE_GRACE_MS + 1000)
      await refresh(session.refresh)
      const events = lines.map((line) => JSON.parse(line))
      const failed = events.find((e) => e.event === 'auth.login_failed')
      expect(failed).toMatchObject({ userId: session.client.id, reqId: expect.any(String) })
      expect(events.find((e) => e.event === 'auth.refresh_reuse')).toMatchObject({
        userId: session.client.id,
        reqId: expect.any(String),
        reason: 'after grace window',
      })
      expect(lines.join('\n')).not.toContain('Secret-Guess-42')
    } finally {
      await logged.close()
    }
  })
})

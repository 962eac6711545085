import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { messages } from '../../src/contract/messages'
import { passwordMessages } from '../../src/contract/password'
import {
  type AuthDeps,
  refresh as refreshSession,
  REFRESH_REUSE_GRACE_MS,
} from '../../server/modules/auth/service'
import {
  ageRotation,
  DEMO,
  liveTokensOf,
  nextAddress,
  registerClient,
  sessionIdOf,
  signIn,
} from './helpers/auth'
import { createTestApp, openTestApp, TEST_JWT_SECRET } from './helpers/test-app'

const app = await openTestApp()

const validRegistration = {
  email: 'new.client@example.com',
  first_name: 'Nour',
  last_name: 'Adel',
  password: 'Str0ng!Pass',
  confirm_password: 'Str0ng!Pass',
  company_name: 'Nile Ventures',
  phone: '+20 100 123 4567',
  accept_terms: true,
}

const register = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/client/auth/register/', payload, remoteAddress: nextAddress() })
const login = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/client/auth/login/', payload, remoteAddress: nextAddress() })
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

describe('POST /api/client/auth/register/', () => {
  it('creates the account and signs a browser in with the refresh token only in a cookie', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/auth/register/',
      payload: validRegistration,
      headers: { 'sec-fetch-site': 'same-origin' },
      remoteAddress: nextAddress(),
    })
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body.access).toEqual(expect.any(String))
    expect(body).not.toHaveProperty('refresh')
    expect(body.client).toMatchObject({
      first_name: 'Nour',
      last_name: 'Adel',
      email: 'new.client@example.com',
      company_name: 'Nile Ventures',
      phone: '+20 100 123 4567',
      role: 'client',
    })
    const cookie = String(response.headers['set-cookie'])
    expect(cookie).toMatch(/refresh_token=/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(/Path=\/api\/auth/)
  })

  it('answers a duplicate e-mail (any case) as a field error', async () => {
    const response = await register({ ...validRegistration, email: 'DEMO@example.com' })
    expect(response.statusCode).toBe(400)
    expect(response.json().email).toEqual(['A user with this email already exists.'])
  })

  it.each([
    ['first_name', { first_name: '' }, 'This field is required.'],
    ['last_name', { last_name: '   ' }, 'This field is required.'],
    ['email', { email: 'not-an-email' }, messages.invalidEmail],
    ['email', { email: 'with space@example.com' }, messages.invalidEmail],
    ['confirm_password', { confirm_password: 'Other!Pass1' }, messages.passwordsDoNotMatch],
    ['password', { password: 'weakpass', confirm_password: 'weakpass' }, messages.strongerPassword],
    ['password', { password: 'Ab1!', confirm_password: 'Ab1!' }, messages.strongerPassword],
    ['password', { password: 'baseball1', confirm_password: 'baseball1' }, passwordMessages.tooEasy],
    ['password', { password: 'Password1!', confirm_password: 'Password1!' }, passwordMessages.tooEasy],
    ['password', { password: 'Cypher2026!', confirm_password: 'Cypher2026!' }, passwordMessages.tooEasy],
    ['password', { password: 'Qwerty123!', confirm_password: 'Qwerty123!' }, passwordMessages.tooEasy],
    ['password', { password: 'Summer2024!', confirm_password: 'Summer2024!' }, passwordMessages.tooEasy],
    ['password', { password: '#P@ssw0rd99', confirm_password: '#P@ssw0rd99' }, passwordMessages.tooEasy],
    ['password', { password: 'Nour#2026', confirm_password: 'Nour#2026' }, passwordMessages.tooEasy],
    ['accept_terms', { accept_terms: false }, messages.agreeTerms],
    ['phone', { phone: 'call me' }, 'Enter a valid phone number.'],
  ])('rejects a bad %s with its message', async (field, change, message) => {
    const response = await register({ ...validRegistration, email: `bad-${field}@example.com`, ...change })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.detail).toBe('Invalid input.')
    expect(body[field]).toContain(message)
  })

  it('names every missing required field', async () => {
    const response = await register({})
    expect(response.statusCode).toBe(400)
    const body = response.json()
    for (const field of [
      'email',
      'first_name',
      'last_name',
      'password',
      'confirm_password',
      'accept_terms',
    ]) {
      expect(body[field], field).toBeDefined()
    }
  })

  it('accepts a password of medium strength (3 of 5 criteria)', async () => {
    const response = await register({
      ...validRegistration,
      email: 'medium@example.com',
      password: 'mediumpass1!',
      confirm_password: 'mediumpass1!',
    })
    expect(response.statusCode).toBe(201)
  })
})

describe('POST /api/client/auth/login/', () => {
  it('signs the demo client in with the spec fields', async () => {
    const response = await login(DEMO)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(Object.keys(body).sort()).toEqual(['access', 'client', 'refresh'])
    expect(body.client).toMatchObject({ first_name: 'Dana', company_name: 'Demo Company', email: DEMO.email })
    expect(body.client).toHaveProperty('last_name')
    expect(body.client).toHaveProperty('phone')
  })

  it('refuses a wrong password with 401 and no hint about the account', async () => {
    const wrong = await login({ ...DEMO, password: 'Wrong!Pass1' })
    const unknown = await login({ email: 'nobody@example.com', password: 'Wrong!Pass1' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json().detail).toBe(unknown.json().detail)
  })

  it('answers missing fields with field errors', async () => {
    const response = await login({})
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ email: expect.any(Array), password: expect.any(Array) })
  })

  it('treats the e-mail case-insensitively', async () => {
    const response = await login({ ...DEMO, email: 'Demo@Example.com' })
    expect(response.statusCode).toBe(200)
  })
})

describe('GET /api/client/accounts/me/', () => {
  it('returns the account for a valid token', async () => {
    const { headers } = await signIn(app)
    const response = await app.inject({ method: 'GET', url: '/api/client/accounts/me/', headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      email: DEMO.email,
      first_name: 'Dana',
      company_name: 'Demo Company',
    })
  })

  it('answers 401 without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/client/accounts/me/' })
    expect(response.statusCode).toBe(401)
    expect(response.json().detail).toEqual(expect.any(String))
  })

  it('answers 401 for an expired token', async () => {
    const expired = await new SignJWT({ role: 'client' })
      .setProtectedHeader({ alg: 'HS256', typ: 'access+jwt' })
      .setSubject('1')
      .setIssuer('cypher-api')
      .setAudience('cypher-clients')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET))
    const response = await app.inject({
      method: 'GET',
      url: '/api/client/accounts/me/',
      headers: { authorization: `Bearer ${expired}` },
    })
    expect(response.statusCode).toBe(401)
  })

  it('answers 401 for a token signed with another key or algorithm', async () => {
    const forged = await new SignJWT({ role: 'staff' })
      .setProtectedHeader({ alg: 'HS256', typ: 'access+jwt' })
      .setSubject('1')
      .setIssuer('cypher-api')
      .setAudience('cypher-clients')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'))
    const unsigned = `${Buffer.from('{"alg":"none","typ":"access+jwt"}').toString('base64url')}.${Buffer.from('{"sub":"1","role":"staff"}').toString('base64url')}.`
    for (const token of [forged, unsigned, 'garbage']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/client/accounts/me/',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.statusCode).toBe(401)
    }
  })
})

describe('refresh tokens', () => {
  it('rotates on every use and the new pair works', async () => {
    const session = await signIn(app)
    const response = await refreshWith(session.refresh)
    expect(response.statusCode).toBe(200)
    const next = response.json()
    expect(next.refresh).not.toBe(session.refresh)
    expect((await me(next.access)).statusCode).toBe(200)
    expect((await refreshWith(next.refresh)).statusCode).toBe(200)
  })

  it('revokes the whole family when a rotated token is presented again after the grace window', async () => {
    const session = await signIn(app)
    const rotated = (await refreshWith(session.refresh)).json()
    await ageRotation(app, session.refresh, REFRESH_REUSE_GRACE_MS + 1000)
    const replay = await refreshWith(session.refresh)
    expect(replay.statusCode).toBe(401)
    // The legitimate newer token died with its family, and so did its access token.
    expect((await refreshWith(rotated.refresh)).statusCode).toBe(401)
    expect((await me(rotated.access)).statusCode).toBe(401)
    expect(await liveTokensOf(app, sessionIdOf(session.access))).toEqual([])
  })

  it('revokes the whole family when a token two generations old is presented, even within the window', async () => {
    const session = await signIn(app)
    const first = (await refreshWith(session.refresh)).json()
    const second = (await refreshWith(first.refresh)).json()
    expect((await refreshWith(session.refresh)).statusCode).toBe(401)
    expect((await refreshWith(second.refresh)).statusCode).toBe(401)
    expect((await me(second.access)).statusCode).toBe(401)
  })

  it('keeps other sessions of the same user alive when one family is revoked', async () => {
    const a = await signIn(app)
    const b = await signIn(app)
    const a1 = (await refreshWith(a.refresh)).json()
    await refreshWith(a1.refresh)
    expect((await refreshWith(a.refresh)).statusCode).toBe(401)
    expect((await refreshWith(b.refresh)).statusCode).toBe(200)
  })

  it('reads the refresh token from the cookie when the body has none (web), and answers a cookie', async () => {
    const browser = { 'sec-fetch-site': 'same-origin' }
    const loginResponse = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: DEMO,
      headers: browser,
      remoteAddress: nextAddress(),
    })
    expect(loginResponse.json()).not.toHaveProperty('refresh')
    const cookie = loginResponse.cookies.find((c) => c.name === 'refresh_token')
    expect(cookie?.value).toBeTruthy()
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: {},
      headers: browser,
      cookies: { refresh_token: cookie?.value ?? '' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).not.toHaveProperty('refresh')
    const rotatedCookie = response.cookies.find((c) => c.name === 'refresh_token')
    expect(rotatedCookie?.value).toBeTruthy()
    expect(rotatedCookie?.value).not.toBe(cookie?.value)
  })

  it('answers 401 without any refresh token and for an unknown one', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: {} })).statusCode,
    ).toBe(401)
    expect((await refreshWith('unknown-token')).statusCode).toBe(401)
  })

  it('logout revokes the session and clears the cookie', async () => {
    const session = await signIn(app)
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      payload: { refresh: session.refresh },
    })
    expect(response.statusCode).toBe(200)
    expect(String(response.headers['set-cookie'])).toMatch(/refresh_token=;/)
    expect((await refreshWith(session.refresh)).statusCode).toBe(401)
  })

  it('logout without a token still succeeds', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout/', payload: {} })
    expect(response.statusCode).toBe(200)
  })

  it('a registered client gets working tokens', async () => {
    const client = await registerClient(app)
    expect((await refreshWith(client.refresh)).statusCode).toBe(200)
  })
})

describe('refresh reuse grace window', () => {
  it('answers a retry whose first answer was lost with the same successor, and the session goes on', async () => {
    const session = await signIn(app)
    const lost = await refreshWith(session.refresh)
    expect(lost.statusCode).toBe(200)
    // The client never saw `lost` (a reload mid-request) and presents the token it still holds.
    const retry = await refreshWith(session.refresh)
    expect(retry.statusCode).toBe(200)
    const answer = retry.json()
    expect(answer.refresh).toBe(lost.json().refresh)
    expect((await me(answer.access)).statusCode).toBe(200)
    // One usable token in the family, and it carries the session on.
    const live = await liveTokensOf(app, sessionIdOf(session.access))
    expect(live).toHaveLength(1)
    const next = await refreshWith(answer.refresh)
    expect(next.statusCode).toBe(200)
    expect((await me(next.json().access)).statusCode).toBe(200)
  })

  it('keeps a browser signed in when the rotated cookie never arrived', async () => {
    const browser = { 'sec-fetch-site': 'same-origin' }
    const login = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: DEMO,
      headers: browser,
      remoteAddress: nextAddress(),
    })
    const cookie = login.cookies.find((c) => c.name === 'refresh_token')?.value ?? ''
    const refreshCookie = (value: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/token/refresh/',
        payload: {},
        headers: browser,
        cookies: { refresh_token: value },
      })
    const lost = await refreshCookie(cookie)
    expect(lost.statusCode).toBe(200)
    const retry = await refreshCookie(cookie)
    expect(retry.statusCode).toBe(200)
    const rotated = retry.cookies.find((c) => c.name === 'refresh_token')
    expect(rotated?.value).toBe(lost.cookies.find((c) => c.name === 'refresh_token')?.value)
    expect(rotated?.maxAge).toBeGreaterThan(0)
    expect((await me(retry.json().access)).statusCode).toBe(200)
    expect((await refreshCookie(rotated?.value ?? '')).statusCode).toBe(200)
  })

  it('answers every request of a concurrent double refresh with one successor: the family never branches', async () => {
    const session = await signIn(app)
    const answers = await Promise.all([1, 2, 3].map(() => refreshWith(session.refresh)))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    const successors = new Set(answers.map((a) => a.json().refresh))
    expect(successors.size).toBe(1)
    const live = await liveTokensOf(app, sessionIdOf(session.access))
    expect(live).toHaveLength(1)
    const [successor] = successors
    expect((await refreshWith(successor)).statusCode).toBe(200)
  })

  it("answers the loser of a rotation race (both read the token before either rotated it) with the winner's successor", async () => {
    const session = await signIn(app)
    // Both requests pass their checks before either starts rotating: the second rotation finds the row
    // taken (on PostgreSQL after waiting for the first transaction's commit) and reads the successor.
    let arrived = 0
    let release: () => void = () => {}
    const bothArrived = new Promise<void>((resolve) => (release = resolve))
    const db = new Proxy(app.db, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver)
        return async (...args: Parameters<typeof target.transaction>) => {
          arrived += 1
          if (arrived === 2) release()
          await bothArrived
          return target.transaction(...args)
        }
      },
    })
    const deps: AuthDeps = {
      db,
      tokens: app.accessTokens,
      sessionState: app.sessionState,
      mailer: app.mailer,
      passwordHashCost: 1,
      log: app.log,
      demoActive: false,
    }
    const device = { ipAddress: '10.9.9.9', userAgent: 'test' }
    const [a, b] = await Promise.all([
      refreshSession(deps, session.refresh, device),
      refreshSession(deps, session.refresh, device),
    ])
    expect(arrived).toBe(2)
    expect(a.refresh).toBe(b.refresh)
    expect(await liveTokensOf(app, sessionIdOf(session.access))).toHaveLength(1)
    expect((await me(b.access)).statusCode).toBe(200)
    expect((await refreshWith(a.refresh)).statusCode).toBe(200)
  })

  it('still revokes on a retry once the window has passed', async () => {
    const session = await signIn(app)
    const lost = (await refreshWith(session.refresh)).json()
    await ageRotation(app, session.refresh, REFRESH_REUSE_GRACE_MS + 1000)
    expect((await refreshWith(session.refresh)).statusCode).toBe(401)
    expect((await me(lost.access)).statusCode).toBe(401)
  })

  it('answers just inside the window', async () => {
    const session = await signIn(app)
    await refreshWith(session.refresh)
    await ageRotation(app, session.refresh, REFRESH_REUSE_GRACE_MS - 2000)
    expect((await refreshWith(session.refresh)).statusCode).toBe(200)
  })

  it('answers nothing for a token whose session was logged out, within the window too', async () => {
    const session = await signIn(app)
    const rotated = (await refreshWith(session.refresh)).json()
    await app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: rotated.refresh } })
    expect((await refreshWith(session.refresh)).statusCode).toBe(401)
  })
})

describe('rate limits', () => {
  it('answers 429 after too many login attempts from one address', async () => {
    const limited = await createTestApp()
    try {
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        // A different account each time: only the per-address limit can stop these.
        const response = await limited.inject({
          method: 'POST',
          url: '/api/client/auth/login/',
          payload: { email: `nobody${i}@example.com`, password: 'x' },
          remoteAddress: '10.0.0.7',
        })
        statuses.push(response.statusCode)
        if (response.statusCode === 429) {
          expect(response.json().detail).toMatch(/^Request was throttled/)
          expect(response.headers['retry-after']).toBeDefined()
        }
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
      expect(statuses.slice(10)).toEqual([429, 429])
      // Another address is not affected.
      const other = await limited.inject({
        method: 'POST',
        url: '/api/client/auth/login/',
        payload: DEMO,
        remoteAddress: '10.0.0.8',
      })
      expect(other.statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

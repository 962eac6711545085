import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { messages } from '../../src/contract/messages'
import { passwordMessages } from '../../src/contract/password'
import { DEMO, nextAddress, registerClient, signIn } from './helpers/auth'
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
    const me = await app.inject({
      method: 'GET',
      url: '/api/client/accounts/me/',
      headers: { authorization: `Bearer ${next.access}` },
    })
    expect(me.statusCode).toBe(200)
    expect((await refreshWith(next.refresh)).statusCode).toBe(200)
  })

  it('revokes the whole family when a rotated token is presented again', async () => {
    const session = await signIn(app)
    const rotated = (await refreshWith(session.refresh)).json()
    const replay = await refreshWith(session.refresh)
    expect(replay.statusCode).toBe(401)
    // The legitimate newer token died with its family.
    expect((await refreshWith(rotated.refresh)).statusCode).toBe(401)
  })

  it('keeps other sessions of the same user alive when one family is revoked', async () => {
    const a = await signIn(app)
    const b = await signIn(app)
    await refreshWith(a.refresh)
    await refreshWith(a.refresh)
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

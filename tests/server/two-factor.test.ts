import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { accountThrottles, totpSecrets, users } from '../../server/db/schema'
import { nextAddress, registerClient, signIn, STAFF, type SignedIn } from './helpers/auth'
import { createTestApp, openTestApp } from './helpers/test-app'

const app = await openTestApp()

/** What an authenticator app shows for a secret at a moment (offset in 30-second steps). */
function codeFor(secret: string, stepOffset = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
}

const post = (target: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  target.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextAddress() })

async function enableTwoFactor(target: FastifyInstance, client: SignedIn) {
  const setup = await post(target, '/api/auth/2fa/setup/', { password: 'Str0ng!Pass' }, client.headers)
  expect(setup.statusCode).toBe(200)
  const { secret, otpauth_uri, qr_code } = setup.json()
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Cypher:.+\?.*secret=/)
  expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/)
  const enabled = await post(target, '/api/auth/2fa/enable/', { code: codeFor(secret) }, client.headers)
  expect(enabled.statusCode).toBe(200)
  const body = enabled.json()
  expect(body.recovery_codes).toHaveLength(10)
  return { secret, recoveryCodes: body.recovery_codes as string[], access: body.access as string }
}

const login = (target: FastifyInstance, email: string, password = 'Str0ng!Pass') =>
  post(target, '/api/client/auth/login/', { email, password })

/** Forgets the code step last used, as if the next 30-second step had come. */
async function nextStep(target: FastifyInstance, userId: number) {
  await target.db.update(totpSecrets).set({ lastUsedStep: 0 }).where(eq(totpSecrets.userId, userId))
}

describe('two-factor sign-in for a client', () => {
  it('is off by default and optional', async () => {
    const client = await registerClient(app)
    const status = await app.inject({ method: 'GET', url: '/api/auth/2fa/', headers: client.headers })
    expect(status.json()).toEqual({ enabled: false, required: false, recovery_codes_left: 0 })
  })

  it('needs the current password to start the setup', async () => {
    const client = await registerClient(app)
    const response = await post(app, '/api/auth/2fa/setup/', { password: 'Wrong!Pass1' }, client.headers)
    expect(response.statusCode).toBe(400)
    expect(response.json().password).toEqual(['Your current password is not correct.'])
  })

  it('turns on with the first code, then asks for a code after the password', async () => {
    const client = await registerClient(app)
    const { secret, access } = await enableTwoFactor(app, client)
    // The token from before the change is refused; the one the change answered works.
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/2fa/', headers: client.headers })).statusCode,
    ).toBe(401)
    const headers = { authorization: `Bearer ${access}` }
    const status = await app.inject({ method: 'GET', url: '/api/auth/2fa/', headers })
    expect(status.json()).toMatchObject({ enabled: true, recovery_codes_left: 10 })

    const first = await login(app, client.email)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ two_factor: 'required', challenge: expect.any(String) })
    expect(first.json()).not.toHaveProperty('access')

    await nextStep(app, client.client.id)
    const second = await post(app, '/api/client/auth/login/2fa/', {
      challenge: first.json().challenge,
      code: codeFor(secret),
    })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toMatchObject({ access: expect.any(String), client: { email: client.email } })
  })

  it('refuses a wrong code, and the same code a second time (each code works once)', async () => {
    const client = await registerClient(app)
    const { secret } = await enableTwoFactor(app, client)
    const { challenge } = (await login(app, client.email)).json()
    const wrong = await post(app, '/api/client/auth/login/2fa/', { challenge, code: '000000' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toEqual([expect.stringMatching(/not valid/)])

    await nextStep(app, client.client.id)
    const code = codeFor(secret)
    expect((await post(app, '/api/client/auth/login/2fa/', { challenge, code })).statusCode).toBe(200)
    const replay = await post(app, '/api/client/auth/login/2fa/', { challenge, code })
    expect(replay.statusCode).toBe(400)
  })

  it('accepts each recovery code once, with or without its dash', async () => {
    const client = await registerClient(app)
    const { recoveryCodes } = await enableTwoFactor(app, client)
    const [code = ''] = recoveryCodes
    const { challenge } = (await login(app, client.email)).json()
    const used = await post(app, '/api/client/auth/login/2fa/', {
      challenge,
      recovery_code: code.replace('-', '').toUpperCase(),
    })
    expect(used.statusCode).toBe(200)
    const again = await post(app, '/api/client/auth/login/2fa/', { challenge, recovery_code: code })
    expect(again.statusCode).toBe(400)
    expect(again.json().recovery_code).toEqual(['That recovery code is not valid or was already used.'])
    const status = await app.inject({
      method: 'GET',
      url: '/api/auth/2fa/',
      headers: { authorization: `Bearer ${used.json().access}` },
    })
    expect(status.json().recovery_codes_left).toBe(9)
  })

  it('refuses a forged or expired challenge', async () => {
    const response = await post(app, '/api/client/auth/login/2fa/', {
      challenge: 'not-a-token',
      code: '123456',
    })
    expect(response.statusCode).toBe(401)
  })

  it('throttles code guesses per account, whatever the address', async () => {
    const client = await registerClient(app)
    await enableTwoFactor(app, client)
    const { challenge } = (await login(app, client.email)).json()
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await post(app, '/api/client/auth/login/2fa/', { challenge, code: '000000' })).statusCode,
      )
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400])
    // The sixth failure starts a wait; the next try is refused before the code is even checked.
    expect(statuses[6]).toBe(429)
    const [row] = await app.db
      .select()
      .from(accountThrottles)
      .where(eq(accountThrottles.key, `code:${client.client.id}`))
    expect(row?.blockedUntil?.getTime()).toBeGreaterThan(Date.now())
  })

  it('turns off with the password and a code, and then signs in with the password alone', async () => {
    const client = await registerClient(app)
    const { secret, access } = await enableTwoFactor(app, client)
    await nextStep(app, client.client.id)
    const headers = { authorization: `Bearer ${access}` }
    const off = await post(
      app,
      '/api/auth/2fa/disable/',
      { password: 'Str0ng!Pass', code: codeFor(secret) },
      headers,
    )
    expect(off.statusCode).toBe(200)
    expect((await login(app, client.email)).json()).toHaveProperty('access')
  })

  it('signs every other session out when it is turned on', async () => {
    const client = await registerClient(app)
    const other = await signIn(app, { email: client.email, password: 'Str0ng!Pass' })
    await enableTwoFactor(app, client)
    const me = await app.inject({ method: 'GET', url: '/api/client/accounts/me/', headers: other.headers })
    expect(me.statusCode).toBe(401)
  })

  it('replaces the recovery codes on request (password required)', async () => {
    const client = await registerClient(app)
    const { recoveryCodes, access } = await enableTwoFactor(app, client)
    const headers = { authorization: `Bearer ${access}` }
    const response = await post(app, '/api/auth/2fa/recovery-codes/', { password: 'Str0ng!Pass' }, headers)
    expect(response.statusCode).toBe(200)
    const fresh: string[] = response.json().recovery_codes
    expect(fresh).toHaveLength(10)
    const { challenge } = (await login(app, client.email)).json()
    const old = await post(app, '/api/client/auth/login/2fa/', { challenge, recovery_code: recoveryCodes[0] })
    expect(old.statusCode).toBe(400)
  })
})

describe('two-factor sign-in for staff', () => {
  it('exempts the demo staff account only while demo mode is active', async () => {
    const demo = await createTestApp({ env: { SEED_DEMO: '1' } })
    const real = await createTestApp({ env: { SEED_DEMO: '0' } })
    try {
      expect((await login(demo, STAFF.email, STAFF.password)).json()).toHaveProperty('access')
      expect((await login(real, STAFF.email, STAFF.password)).json()).toEqual({
        two_factor: 'setup',
        challenge: expect.any(String),
      })
    } finally {
      await demo.close()
      await real.close()
    }
  })

  it('makes a staff member without an app set one up during sign-in, then never lets it go', async () => {
    const real = await createTestApp({ env: { SEED_DEMO: '0' } })
    try {
      const { challenge } = (await login(real, STAFF.email, STAFF.password)).json()
      const setup = await post(real, '/api/client/auth/login/2fa/setup/', { challenge })
      expect(setup.statusCode).toBe(200)
      const { secret } = setup.json()
      const done = await post(real, '/api/client/auth/login/2fa/', { challenge, code: codeFor(secret) })
      expect(done.statusCode).toBe(200)
      const body = done.json()
      expect(body.recovery_codes).toHaveLength(10)
      expect(body.client.role).toBe('staff')

      const [staff] = await real.db.select().from(users).where(eq(users.email, STAFF.email))
      await nextStep(real, staff?.id ?? 0)
      const headers = { authorization: `Bearer ${body.access}` }
      const status = await real.inject({ method: 'GET', url: '/api/auth/2fa/', headers })
      expect(status.json()).toMatchObject({ enabled: true, required: true })
      const off = await post(
        real,
        '/api/auth/2fa/disable/',
        { password: STAFF.password, code: codeFor(secret) },
        headers,
      )
      expect(off.statusCode).toBe(400)
      expect(off.json().detail).toBe('Staff accounts must keep two-factor sign-in on.')
    } finally {
      await real.close()
    }
  })

  it('does not hand out a setup for a challenge that asks for a code', async () => {
    const client = await registerClient(app)
    await enableTwoFactor(app, client)
    const { challenge } = (await login(app, client.email)).json()
    const response = await post(app, '/api/client/auth/login/2fa/setup/', { challenge })
    expect(response.statusCode).toBe(401)
  })
})

import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { accountThrottles, mailOutbox } from '../../server/db/schema'
import { nextAddress, registerClient } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const PASSWORD = 'Str0ng!Pass'

const login = (email: string, password: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/client/auth/login/',
    payload: { email, password },
    remoteAddress: nextAddress(),
    // A browser's call: only browsers get (and send) the device cookie.
    headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
  })

/** The device cookie a successful answer set, as a Cookie header. */
function deviceCookie(response: Awaited<ReturnType<typeof login>>): string {
  const cookie = response.cookies.find((c) => c.name === 'device')
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' })
  return `device=${cookie?.value ?? ''}`
}

/** Wrong guesses from elsewhere until the account waits (the 6th starts the wait). */
async function lockOut(email: string) {
  for (let i = 0; i < 6; i++) expect((await login(email, 'Wrong!Guess1')).statusCode).toBe(401)
  expect((await login(email, PASSWORD)).statusCode).toBe(429)
}

describe('the per-account sign-in throttle', () => {
  it('counts 20 wrong guesses sent at once one by one: 6 are checked, 14 wait', async () => {
    const { email } = await registerClient(app)
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(email, 'Wrong!Guess1')))
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses.filter((s) => s === 401)).toHaveLength(6)
    expect(statuses.filter((s) => s === 429)).toHaveLength(14)
    const [row] = await app.db
      .select()
      .from(accountThrottles)
      .where(eq(accountThrottles.key, `login:${email}`))
    expect(row?.failures).toBe(6)
  })

  it('never blocks the owner’s correct password on a device that signed in before', async () => {
    const { email } = await registerClient(app)
    const device = deviceCookie(await login(email, PASSWORD))
    await lockOut(email)
    const owner = await login(email, PASSWORD, device)
    expect(owner.statusCode).toBe(200)
    // Someone else, without the device, still waits: the owner's success reset the count, so 5 more.
    for (let i = 0; i < 5; i++) expect((await login(email, 'Wrong!Guess1')).statusCode).toBe(401)
  })

  it('refuses a device cookie that is not ours or names another account', async () => {
    const first = await registerClient(app)
    const second = await registerClient(app)
    const device = deviceCookie(await login(first.email, PASSWORD))
    await lockOut(second.email)
    expect((await login(second.email, PASSWORD, device)).statusCode).toBe(429)
    const forged = device.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`)
    await lockOut(first.email)
    expect((await login(first.email, PASSWORD, forged)).statusCode).toBe(429)
    expect((await login(first.email, PASSWORD, device)).statusCode).toBe(200)
  })

  it('counts wrong guesses on a trusted device per device, so a stolen cookie buys no more', async () => {
    const { email } = await registerClient(app)
    const device = deviceCookie(await login(email, PASSWORD))
    for (let i = 0; i < 6; i++) expect((await login(email, 'Wrong!Guess1', device)).statusCode).toBe(401)
    expect((await login(email, PASSWORD, device)).statusCode).toBe(429)
    // The account itself is not waiting: the guesses were the device's.
    expect((await login(email, PASSWORD)).statusCode).toBe(200)
  })

  it('lets the owner in on a new device after a successful e-mail code', async () => {
    const { email } = await registerClient(app)
    await lockOut(email)
    const post = (path: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/public/recovery/${path}/`,
        payload,
        remoteAddress: nextAddress(),
        headers: { 'sec-fetch-site': 'same-origin' },
      })
    expect((await post('request-code', { email, method: 'email' })).statusCode).toBe(200)
    const code = await vi.waitFor(async () => {
      const [mail] = await app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'password-reset-code')))
        .orderBy(desc(mailOutbox.id))
        .limit(1)
      if (!mail) throw new Error('no code e-mail yet')
      return /\b(\d{6})\b/.exec(mail.text)?.[1] ?? ''
    })
    const verified = await post('verify-code', { email, code })
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).not.toHaveProperty('userId')
    expect((await login(email, PASSWORD, deviceCookie(verified))).statusCode).toBe(200)
  })

  it('starts the doubling again after a success', async () => {
    const { email } = await registerClient(app)
    const device = deviceCookie(await login(email, PASSWORD))
    await lockOut(email)
    expect((await login(email, PASSWORD, device)).statusCode).toBe(200)
    const rows = await app.db
      .select()
      .from(accountThrottles)
      .where(eq(accountThrottles.key, `login:${email}`))
    expect(rows).toEqual([])
  })
})

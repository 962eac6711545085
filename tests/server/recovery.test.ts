import { and, desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { passwordMessages } from '../../src/contract/password'
import { recoveryMessages } from '../../src/contract/recovery'
import { mailOutbox, passwordResetCodes, smsOutbox } from '../../server/db/schema'
import { nextAddress, registerClient } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()

const post = (path: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/public/recovery/${path}/`, payload, remoteAddress: nextAddress() })
const requestCode = (email: string, method: 'email' | 'sms' = 'email') =>
  post('request-code', { email, method })
const verifyCode = (email: string, code: string) => post('verify-code', { email, code })
const resetPassword = (reset_token: string, password: string, confirm_password = password) =>
  post('reset-password', { reset_token, password, confirm_password })

/** The code in the newest reset e-mail to `email`, once the background delivery wrote it. */
async function mailedCode(email: string, after = 0): Promise<string> {
  return vi.waitFor(async () => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'password-reset-code')))
      .orderBy(desc(mailOutbox.id))
      .limit(1)
    if (!mail || mail.id <= after) throw new Error('no code e-mail yet')
    return /\b(\d{6})\b/.exec(mail.text)?.[1] ?? ''
  })
}

const lastMailId = async () => {
  const [row] = await app.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  return row?.id ?? 0
}

/** Moves an address's code requests back in time, as if `seconds` had passed. */
async function age(email: string, seconds: number) {
  await app.db
    .update(passwordResetCodes)
    .set({
      createdAt: sql`${passwordResetCodes.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${passwordResetCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(passwordResetCodes.email, email))
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('requesting a code', () => {
  it('e-mails a 6-digit code and answers the same for an address without an account', async () => {
    const { email } = await registerClient(app)
    const known = await requestCode(email)
    const unknown = await requestCode('nobody.here@example.com')
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual(known.json())
    expect(known.json()).toEqual({ detail: recoveryMessages.codeSent, expires_in: 300, resend_after: 60 })
    expect(await mailedCode(email)).toMatch(/^\d{6}$/)
    const toUnknown = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'nobody.here@example.com'))
    expect(toUnknown).toHaveLength(0)
  })

  it('stores only a hash of the code', async () => {
    const { email } = await registerClient(app)
    await requestCode(email)
    const code = await mailedCode(email)
    const [row] = await app.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.email, email))
    expect(row?.codeHash).toBeTruthy()
    expect(row?.codeHash).not.toContain(code)
  })

  it('refuses a resend within 60 s, for known and unknown addresses alike', async () => {
    const { email } = await registerClient(app)
    await requestCode(email)
    await requestCode('ghost@example.com')
    const known = await requestCode(email)
    const unknown = await requestCode('ghost@example.com')
    expect(known.statusCode).toBe(429)
    expect(unknown.statusCode).toBe(429)
    expect(known.json().detail).toMatch(/^Please wait (59|60) seconds before requesting a new code\.$/)
    expect(unknown.json().detail).toMatch(/^Please wait (59|60) seconds before requesting a new code\.$/)
  })

  it('allows at most 5 codes an hour per address', async () => {
    const email = 'hourly@example.com'
    for (let i = 0; i < 5; i += 1) {
      expect((await requestCode(email)).statusCode).toBe(200)
      await age(email, 61)
    }
    const sixth = await requestCode(email)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().detail).toBe(recoveryMessages.tooManyCodes)
  })

  it('sends the code by SMS to the account phone in E.164, and by e-mail when there is no usable number', async () => {
    const withPhone = await registerClient(app, { phone: '+20 (100) 555-0142' })
    await requestCode(withPhone.email, 'sms')
    const text = await vi.waitFor(async () => {
      const [row] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+201005550142'))
      if (!row) throw new Error('no text yet')
      return row
    })
    expect(text).toMatchObject({ provider: 'sandbox', status: 'delivered', template: 'password-reset-code' })
    expect(text.body).toMatch(/\b\d{6}\b/)

    const noPhone = await registerClient(app, { phone: '' })
    await requestCode(noPhone.email, 'sms')
    expect(await mailedCode(noPhone.email)).toMatch(/^\d{6}$/)
  })

  it('validates the address and the method', async () => {
    expect((await requestCode('not-an-email')).statusCode).toBe(400)
    expect((await post('request-code', { email: 'a@example.com', method: 'pigeon' })).statusCode).toBe(400)
  })
})

describe('checking a code', () => {
  it('counts down the attempts, then refuses even the right code', async () => {
    const { email } = await registerClient(app)
    await requestCode(email)
    const code = await mailedCode(email)
    const first = await verifyCode(email, wrongCode(code))
    expect(first.statusCode).toBe(400)
    expect(first.json().detail).toBe('Invalid code. 2 attempt(s) remaining.')
    expect((await verifyCode(email, wrongCode(code))).json().detail).toBe(
      'Invalid code. 1 attempt(s) remaining.',
    )
    const third = await verifyCode(email, wrongCode(code))
    expect(third.statusCode).toBe(429)
    expect(third.json().detail).toBe(recoveryMessages.maxAttempts)
    expect((await verifyCode(email, code)).json().detail).toBe(recoveryMessages.maxAttempts)
  })

  it('gives a new code with fresh attempts after 60 s; the old code stops working', async () => {
    const { email } = await registerClient(app)
    await requestCode(email)
    const old = await mailedCode(email)
    await verifyCode(email, wrongCode(old))
    await verifyCode(email, wrongCode(old))
    await age(email, 61)
    const before = await lastMailId()
    expect((await requestCode(email)).statusCode).toBe(200)
    const fresh = await mailedCode(email, before)
    if (fresh !== old) {
      expect((await verifyCode(email, old)).json().detail).toBe('Invalid code. 2 attempt(s) remaining.')
    }
    expect((await verifyCode(email, fresh)).statusCode).toBe(200)
  })

  it('refuses a code older than 300 s', async () => {
    const { email } = await registerClient(app)
    await requestCode(email)
    const code = await mailedCode(email)
    await age(email, 301)
    const response = await verifyCode(email, code)
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(recoveryMessages.codeExpired)
  })

  it('accepts a code once', async () => {
    const { email } = await registerClient(app)
    await requestCode(email)
    const code = await mailedCode(email)
    const first = await verifyCode(email, code)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ reset_token: expect.any(String), expires_in: 600 })
    expect((await verifyCode(email, code)).json().detail).toBe(recoveryMessages.codeExpired)
  })

  it('answers an address without an account like a wrong code', async () => {
    await requestCode('unknown.verify@example.com')
    const response = await verifyCode('unknown.verify@example.com', '123456')
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe('Invalid code. 2 attempt(s) remaining.')
  })

  it('refuses codes that are not six digits', async () => {
    expect((await verifyCode('a@example.com', '12345')).statusCode).toBe(400)
    expect((await verifyCode('a@example.com', '12a456')).statusCode).toBe(400)
  })
})

describe('resetting the password', () => {
  async function verifiedToken(email: string) {
    await requestCode(email)
    return (await verifyCode(email, await mailedCode(email))).json().reset_token as string
  }

  const login = (email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email, password },
      remoteAddress: nextAddress(),
    })

  it('sets the new password, ends every session and sends a confirmation', async () => {
    const account = await registerClient(app)
    const token = await verifiedToken(account.email)
    const response = await resetPassword(token, 'N3w!Password')
    expect(response.statusCode).toBe(200)

    const refresh = await app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: account.refresh },
      remoteAddress: nextAddress(),
    })
    expect(refresh.statusCode).toBe(401)
    expect((await login(account.email, 'Str0ng!Pass')).statusCode).toBe(401)
    expect((await login(account.email, 'N3w!Password')).statusCode).toBe(200)
    await vi.waitFor(async () => {
      const mails = await app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, account.email), eq(mailOutbox.template, 'password-reset-confirmation')))
      expect(mails).toHaveLength(1)
    })
  })

  it('uses a reset token once', async () => {
    const { email } = await registerClient(app)
    const token = await verifiedToken(email)
    expect((await resetPassword(token, 'N3w!Password')).statusCode).toBe(200)
    const again = await resetPassword(token, 'An0ther!Pass')
    expect(again.statusCode).toBe(400)
    expect(again.json().detail).toBe(recoveryMessages.resetTokenInvalid)
    expect((await resetPassword('made-up-token', 'An0ther!Pass')).json().detail).toBe(
      recoveryMessages.resetTokenInvalid,
    )
  })

  it('refuses a weak, short or mismatched password and keeps the token usable', async () => {
    const { email } = await registerClient(app)
    const token = await verifiedToken(email)
    expect((await resetPassword(token, 'password')).json().detail).toBe(recoveryMessages.strongerPassword)
    expect((await resetPassword(token, 'Ab1!')).json().detail).toBe(recoveryMessages.strongerPassword)
    expect((await resetPassword(token, 'N3w!Password', 'N3w!Passw0rd')).json().detail).toBe(
      recoveryMessages.passwordsDoNotMatch,
    )
    expect((await resetPassword(token, '', '')).json().detail).toBe(recoveryMessages.fillAllFields)
    expect((await resetPassword(token, 'N3w!Password')).statusCode).toBe(200)
  })

  it.each(['Password1!', 'Qwerty123!', 'Summer2024!'])(
    'refuses the common password %s as registration does, and keeps the token usable',
    async (password) => {
      const { email } = await registerClient(app)
      const token = await verifiedToken(email)
      const refused = await resetPassword(token, password)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().password).toEqual([passwordMessages.tooEasy])
      expect((await resetPassword(token, 'N3w!Password')).statusCode).toBe(200)
    },
  )
})

describe('GET /api/public/recovery/delivery/', () => {
  it('names the sandbox outbox to a visitor on this machine only', async () => {
    const local = await app.inject({ url: '/api/public/recovery/delivery/' })
    expect(local.json()).toEqual({
      email: { sandbox: true },
      sms: { sandbox: true },
      outbox_url: `${app.config.publicUrl}/sandbox/outbox`,
    })
    const remote = await app.inject({ url: '/api/public/recovery/delivery/', remoteAddress: '203.0.113.9' })
    expect(remote.json().outbox_url).toBeNull()
  })
})

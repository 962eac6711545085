import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailOutbox, users } from '../../server/db/schema'
import { verifyEmailMessages, verifyEmailPaths } from '../../src/contract/auth'
import { passwordMessages } from '../../src/contract/password'
import { nextAddress, registerClient, signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: object, payload?: object) =>
  app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    payload,
    remoteAddress: nextAddress(),
  })
const me = (headers: object) => send('GET', '/api/client/accounts/me/', headers)
const bearer = (access: string) => ({ authorization: `Bearer ${access}` })

const profile = {
  first_name: 'Laila',
  last_name: 'Kamal',
  company_name: 'Kamal Studio',
  phone: '+1 555 0100',
  newsletter: false,
}

describe('profile', () => {
  it('saves names, company and newsletter choice', async () => {
    const client = await registerClient(app)
    const response = await send('PATCH', '/api/client/accounts/me/', client.headers, profile)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ ...profile, email: client.email })
    expect((await me(client.headers)).json()).toMatchObject(profile)
  })

  it('needs the current password to change the phone number', async () => {
    const client = await registerClient(app)
    const changed = { ...profile, phone: '+20 100 555 0000' }
    const without = await send('PATCH', '/api/client/accounts/me/', client.headers, changed)
    expect(without.statusCode).toBe(400)
    expect(without.json().current_password).toEqual([
      'Enter your current password to change your phone number.',
    ])
    const wrong = await send('PATCH', '/api/client/accounts/me/', client.headers, {
      ...changed,
      current_password: 'Wrong!Pass1',
    })
    expect(wrong.json().current_password).toEqual(['Your current password is not correct.'])
    const right = await send('PATCH', '/api/client/accounts/me/', client.headers, {
      ...changed,
      current_password: 'Str0ng!Pass',
    })
    expect(right.statusCode).toBe(200)
    expect(right.json().phone).toBe('+20 100 555 0000')
  })

  it('answers field errors for bad input and keeps the stored profile', async () => {
    const client = await registerClient(app)
    const response = await send('PATCH', '/api/client/accounts/me/', client.headers, {
      ...profile,
      first_name: ' ',
      phone: 'call me',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ first_name: expect.any(Array), phone: expect.any(Array) })
    expect((await me(client.headers)).json().first_name).toBe('Test')
  })
})

describe('e-mail change', () => {
  async function lastMailTo(email: string) {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1)
    return mail
  }

  it('changes the address only when the link sent to the new one is opened by the owner', async () => {
    const client = await registerClient(app)
    const newEmail = `moved.${Date.now()}@example.com`
    const asked = await send('POST', '/api/client/accounts/me/email/', client.headers, {
      new_email: newEmail,
      password: 'Str0ng!Pass',
    })
    expect(asked.statusCode).toBe(202)
    expect((await me(client.headers)).json().email).toBe(client.email)

    const mail = await lastMailTo(newEmail)
    const token = /confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1]
    expect(token).toBeTruthy()

    const stranger = await registerClient(app)
    const wrongUser = await send('POST', '/api/client/accounts/me/email/confirm/', stranger.headers, {
      token,
    })
    expect(wrongUser.statusCode).toBe(400)

    const confirmed = await send('POST', '/api/client/accounts/me/email/confirm/', client.headers, { token })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().email).toBe(newEmail)
    expect((await lastMailTo(client.email))?.subject).toBe('Your Cypher email address was changed')
    const reused = await send('POST', '/api/client/accounts/me/email/confirm/', client.headers, { token })
    expect(reused.statusCode).toBe(400)
    expect((await signIn(app, { email: newEmail, password: 'Str0ng!Pass' })).access).toBeTruthy()
  })

  it('refuses a taken address, the same address and a wrong password', async () => {
    const client = await registerClient(app)
    const other = await registerClient(app)
    const cases = [
      [{ new_email: other.email.toUpperCase(), password: 'Str0ng!Pass' }, 'new_email'],
      [{ new_email: client.email, password: 'Str0ng!Pass' }, 'new_email'],
      [{ new_email: 'free.address@example.com', password: 'nope' }, 'password'],
    ] as const
    for (const [payload, field] of cases) {
      const response = await send('POST', '/api/client/accounts/me/email/', client.headers, payload)
      expect(response.statusCode).toBe(400)
      expect(response.json()[field]).toHaveLength(1)
    }
  })
})

describe('password change', () => {
  const change = {
    current_password: 'Str0ng!Pass',
    new_password: 'N3w!Passphrase',
    confirm_password: 'N3w!Passphrase',
  }

  it('needs the current password and refuses weak, common or mismatched new ones', async () => {
    const client = await registerClient(app)
    const cases = [
      [
        { ...change, current_password: 'Wrong!Pass1' },
        'current_password',
        'Your current password is not correct.',
      ],
      [
        { ...change, new_password: 'Ab1!', confirm_password: 'Ab1!' },
        'new_password',
        'Please choose a stronger password.',
      ],
      [
        { ...change, new_password: 'baseball1', confirm_password: 'baseball1' },
        'new_password',
        passwordMessages.tooEasy,
      ],
      [
        { ...change, new_password: 'Summer2024!', confirm_password: 'Summer2024!' },
        'new_password',
        passwordMessages.tooEasy,
      ],
      [{ ...change, confirm_password: 'Other!Pass9' }, 'confirm_password', 'Passwords do not match.'],
    ] as const
    for (const [payload, field, message] of cases) {
      const response = await send('POST', '/api/auth/password/change/', client.headers, payload)
      expect(response.statusCode, field).toBe(400)
      expect(response.json()[field]).toContain(message)
    }
  })

  it('signs every other session out at once and keeps this one with a new token', async () => {
    const client = await registerClient(app)
    const other = await signIn(app, { email: client.email, password: 'Str0ng!Pass' })
    expect((await me(other.headers)).statusCode).toBe(200)

    const response = await send('POST', '/api/auth/password/change/', client.headers, change)
    expect(response.statusCode).toBe(200)
    const { access } = response.json()

    expect((await me(other.headers)).statusCode).toBe(401)
    const otherRefresh = await app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: other.refresh },
    })
    expect(otherRefresh.statusCode).toBe(401)
    expect((await me(client.headers)).statusCode).toBe(401)
    expect((await me(bearer(access))).statusCode).toBe(200)
    // This session's refresh token still works.
    const mine = await app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: client.refresh },
    })
    expect(mine.statusCode).toBe(200)
    expect((await signIn(app, { email: client.email, password: 'N3w!Passphrase' })).access).toBeTruthy()
  })
})

describe('sessions', () => {
  it('lists the signed-in devices with place and last use, marking this one', async () => {
    const client = await registerClient(app)
    await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email: client.email, password: 'Str0ng!Pass' },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36' },
      remoteAddress: '203.0.113.20',
    })
    const response = await send('GET', '/api/auth/sessions/', client.headers)
    expect(response.statusCode).toBe(200)
    const list = response.json()
    expect(list).toHaveLength(2)
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1)
    expect(list).toContainEqual(
      expect.objectContaining({ device: 'Chrome on Windows', ip_address: '203.0.113.20', current: false }),
    )
  })

  it('signs one device out with the password; its token stops working at once', async () => {
    const client = await registerClient(app)
    const other = await signIn(app, { email: client.email, password: 'Str0ng!Pass' })
    const list = (await send('GET', '/api/auth/sessions/', client.headers)).json()
    const target = list.find((s: { current: boolean }) => !s.current)
    const refused = await send('POST', `/api/auth/sessions/${target.id}/revoke/`, client.headers, {
      password: 'wrong',
    })
    expect(refused.statusCode).toBe(400)
    expect((await me(other.headers)).statusCode).toBe(200)
    const revoked = await send('POST', `/api/auth/sessions/${target.id}/revoke/`, client.headers, {
      password: 'Str0ng!Pass',
    })
    expect(revoked.statusCode).toBe(200)
    expect((await me(other.headers)).statusCode).toBe(401)
    expect((await me(client.headers)).statusCode).toBe(200)
  })

  it("answers 404 for another user's session", async () => {
    const client = await registerClient(app)
    const stranger = await registerClient(app)
    const [theirs] = (await send('GET', '/api/auth/sessions/', stranger.headers)).json()
    const response = await send('POST', `/api/auth/sessions/${theirs.id}/revoke/`, client.headers, {
      password: 'Str0ng!Pass',
    })
    expect(response.statusCode).toBe(404)
    expect((await me(stranger.headers)).statusCode).toBe(200)
  })

  it('signs out everywhere, this device included', async () => {
    const client = await registerClient(app)
    const other = await signIn(app, { email: client.email, password: 'Str0ng!Pass' })
    const response = await send('POST', '/api/auth/logout-everywhere/', client.headers, {
      password: 'Str0ng!Pass',
    })
    expect(response.statusCode).toBe(200)
    for (const session of [client, other]) {
      expect((await me(session.headers)).statusCode).toBe(401)
      const refresh = await app.inject({
        method: 'POST',
        url: '/api/auth/token/refresh/',
        payload: { refresh: session.refresh },
      })
      expect(refresh.statusCode).toBe(401)
    }
  })

  it('lets staff sign every session of a user out, and nobody else', async () => {
    const client = await registerClient(app)
    const staff = await signIn(app, STAFF)
    const byClient = await send(
      'POST',
      `/api/auth/users/${client.client.id}/sessions/revoke/`,
      client.headers,
    )
    expect(byClient.statusCode).toBe(403)
    const byStaff = await send('POST', `/api/auth/users/${client.client.id}/sessions/revoke/`, staff.headers)
    expect(byStaff.statusCode).toBe(200)
    expect((await me(client.headers)).statusCode).toBe(401)
  })

  it('refuses the tokens of a deactivated account on the next request', async () => {
    const client = await registerClient(app)
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, client.client.id))
    // The check is cached briefly per instance; a deactivation made elsewhere is seen once it expires.
    app.sessionState.forgetUser(client.client.id)
    expect((await me(client.headers)).statusCode).toBe(401)
  })
})

describe('email verification from the portal', () => {
  const resend = (headers: object, remoteAddress = nextAddress()) =>
    app.inject({
      method: 'POST',
      url: verifyEmailPaths.resend,
      headers: headers as Record<string, string>,
      remoteAddress,
    })
  const newestLink = async (email: string) => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1)
    return { mail, token: /verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] }
  }

  it('says whether the address is verified; the resent link verifies it, and a verified address gets no mail', async () => {
    const client = await registerClient(app)
    expect((await me(client.headers)).json()).toMatchObject({ email_verified: false })

    const sent = await resend(client.headers)
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toEqual({ detail: verifyEmailMessages.sent })
    const { mail, token } = await newestLink(client.email)
    expect(mail?.template).toBe('email-verification')
    expect(token).toBeTruthy()
    const verified = await app.inject({
      method: 'POST',
      url: verifyEmailPaths.verify,
      payload: { token },
      remoteAddress: nextAddress(),
    })
    expect(verified.statusCode).toBe(200)
    expect((await me(client.headers)).json()).toMatchObject({ email_verified: true })

    const again = await resend(client.headers)
    expect(again.json()).toEqual({ detail: verifyEmailMessages.alreadyVerified })
    expect((await newestLink(client.email)).mail?.id).toBe(mail?.id)
  })

  it('is throttled: the sixth resend from one address within 15 minutes is refused, and needs a sign-in', async () => {
    const client = await registerClient(app)
    const address = nextAddress()
    for (let i = 0; i < 5; i++) expect((await resend(client.headers, address)).statusCode).toBe(200)
    expect((await resend(client.headers, address)).statusCode).toBe(429)
    expect((await resend({})).statusCode).toBe(401)
  })
})

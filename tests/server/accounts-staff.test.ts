import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, mailOutbox } from '../../server/db/schema'
import { nextAddress, registerClient, signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/*
 * The console's clients (/api/staff/clients/): deactivation, invitations and two-factor resets.
 * Role and audit checks of every staff route are in staff.test.ts.
 */
const app = await openTestApp()
const staff = await signIn(app, STAFF)

// A client invited by staff, whose two-factor sign-in staff then reset (read by the tests below).
const invited = await app.inject({
  method: 'POST',
  url: '/api/staff/clients/',
  headers: staff.headers,
  payload: {
    email: 'new.client@example.com',
    first_name: 'Nada',
    last_name: 'Samir',
    company_name: 'Nile Foods',
  },
})
expect(invited.statusCode).toBe(201)
const reset = await app.inject({
  method: 'POST',
  url: `/api/staff/clients/${(invited.json() as { id: number }).id}/reset-two-factor/`,
  headers: staff.headers,
  payload: { reason: 'Lost phone, identity checked by call' },
})
expect(reset.statusCode).toBe(200)

describe('clients', () => {
  it('deactivating a client ends its sessions at once and stops sign-in', async () => {
    const victim = await registerClient(app)
    const list = await app.inject({
      method: 'GET',
      url: `/api/staff/clients/?search=${encodeURIComponent(victim.email)}`,
      headers: staff.headers,
    })
    const clientId = list.json().results[0].id as number
    expect(
      (await app.inject({ method: 'GET', url: '/api/client/overview/', headers: victim.headers })).statusCode,
    ).toBe(200)
    const response = await app.inject({
      method: 'POST',
      url: `/api/staff/clients/${clientId}/deactivate/`,
      headers: staff.headers,
    })
    expect(response.json().user.is_active).toBe(false)
    expect(
      (await app.inject({ method: 'GET', url: '/api/client/overview/', headers: victim.headers })).statusCode,
    ).toBe(401)
    const login = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email: victim.email, password: 'Str0ng!Pass' },
      remoteAddress: nextAddress(),
    })
    expect(login.statusCode).toBe(401)
  })

  it('an invitation e-mails the invitee and a taken address is a field error', async () => {
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'new.client@example.com'))
    expect(mail?.template).toBe('client-invitation')
    const again = await app.inject({
      method: 'POST',
      url: '/api/staff/clients/',
      headers: staff.headers,
      payload: { email: 'NEW.client@example.com', first_name: 'N', last_name: 'S', company_name: 'X' },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().email).toBeDefined()
  })

  it('a two-factor reset keeps its reason in the audit log', async () => {
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'user.reset_two_factor'))
    expect(entry?.summary).toContain('Lost phone, identity checked by call')
  })
})

import { describe, expect, it } from 'vitest'
import { signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/*
 * The console's partners (/api/staff/content/partners/): listed on /partners only once published.
 * Role and audit checks of every staff route are in staff.test.ts.
 */
const app = await openTestApp()
const staff = await signIn(app, STAFF)

describe('content: partners', () => {
  it('a new partner is listed on /partners only once published; a bad website is a field error', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/staff/content/partners/',
      headers: staff.headers,
      payload: { name: 'Nile Cloud', website: 'https://nile.example.com', image: '/images/partners/x.svg' },
    })
    expect(created.statusCode).toBe(201)
    const partner = created.json()
    expect(partner).toMatchObject({ is_active: false })
    const listed = async () =>
      (
        (await app.inject({ method: 'GET', url: '/api/public/partners/?page=1' })).json().results as {
          id: number
        }[]
      )
        .map((p) => p.id)
        .includes(partner.id)
    // The public list answers 20 a page in display order: put the new partner first.
    await app.inject({
      method: 'PATCH',
      url: `/api/staff/content/partners/${partner.id}/`,
      headers: staff.headers,
      payload: { position: 0, name: 'AAA Nile Cloud' },
    })
    expect(await listed()).toBe(false)
    await app.inject({
      method: 'POST',
      url: `/api/staff/content/partners/${partner.id}/publish/`,
      headers: staff.headers,
    })
    expect(await listed()).toBe(true)
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/staff/content/partners/${partner.id}/`,
      headers: staff.headers,
      payload: { website: 'javascript:alert(1)' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().website).toEqual(['Enter a full address starting with https:// or http://.'])
  })
})

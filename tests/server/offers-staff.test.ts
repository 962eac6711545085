import { describe, expect, it } from 'vitest'
import { signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/*
 * The console's offers (/api/staff/content/offers/): publishing, validity periods and field errors.
 * Role and audit checks of every staff route are in staff.test.ts.
 */
const app = await openTestApp()
const staff = await signIn(app, STAFF)

describe('content: offers', () => {
  it('a new offer is withdrawn; publishing shows it to visitors within its period, with its discount', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/staff/content/offers/',
      headers: staff.headers,
      payload: {
        title: 'Winter Cloud Audit',
        service_type: 'cloud',
        price: 800,
        original_price: 1000,
        features: ['Cost review', 'Security review'],
      },
    })
    expect(created.statusCode).toBe(201)
    const offer = created.json()
    expect(offer).toMatchObject({ is_active: false, is_current: false, discount_percent: 20, price: 800 })
    const publicOffer = () => app.inject({ method: 'GET', url: `/api/public/offers/${offer.id}/` })
    expect((await publicOffer()).statusCode).toBe(404)
    const published = await app.inject({
      method: 'POST',
      url: `/api/staff/content/offers/${offer.id}/publish/`,
      headers: staff.headers,
    })
    expect(published.json()).toMatchObject({ is_active: true, is_current: true })
    expect((await publicOffer()).json()).toMatchObject({ title: 'Winter Cloud Audit', discount_percent: 20 })
    const ended = await app.inject({
      method: 'PATCH',
      url: `/api/staff/content/offers/${offer.id}/`,
      headers: staff.headers,
      payload: { valid_from: '2020-01-01T00:00:00Z', valid_until: '2020-02-01T00:00:00Z' },
    })
    expect(ended.json()).toMatchObject({ is_active: true, is_current: false })
    expect((await publicOffer()).statusCode).toBe(404)
  })

  it('refuses an unknown service and an end before the start', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/staff/content/offers/',
      headers: staff.headers,
      payload: { title: 'X', service_type: 'time-travel', price: 1 },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().service_type).toEqual(['Choose a service of the catalogue.'])
    const backwards = await app.inject({
      method: 'POST',
      url: '/api/staff/content/offers/',
      headers: staff.headers,
      payload: {
        title: 'X',
        service_type: 'cloud',
        price: 1,
        valid_from: '2030-01-02T00:00:00Z',
        valid_until: '2030-01-01T00:00:00Z',
      },
    })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().valid_until).toEqual(['The end must be after the start.'])
  })
})

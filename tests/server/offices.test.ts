import { describe, expect, it } from 'vitest'
import { SEED_OFFICES } from '../../server/db/seed/offices'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get } = requests(app)

describe('GET /api/public/offices/', () => {
  it('lists the seeded offices, the Egypt office first, with map coordinates', async () => {
    const response = await get('/api/public/offices/')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ count: 2, next: null, previous: null })
    expect(body.results[0]).toMatchObject({
      title: SEED_OFFICES[0]?.title,
      address: expect.stringContaining('6th of October City'),
      lat: 29.9726,
      lng: 30.943,
    })
    expect(body.results[1]).toMatchObject({ title: 'Dubai Office' })
  })

  it('rejects a bad page number with 400', async () => {
    const response = await get('/api/public/offices/?page=0')
    expect(response.statusCode).toBe(400)
  })

  it('is documented in the OpenAPI description with the three form endpoints', async () => {
    const spec = (await get('/api/docs/json')).json()
    for (const route of [
      '/api/public/offices/',
      '/api/public/contact/',
      '/api/public/project-inquiry/',
      '/api/public/franchise-applications/',
    ]) {
      expect(spec.paths[route]).toBeDefined()
    }
  })
})

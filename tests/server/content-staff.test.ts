import { describe, expect, it } from 'vitest'
import { signIn, STAFF } from './helpers/auth'
import { multipart, samples as fileSamples } from './helpers/multipart'
import { openTestApp } from './helpers/test-app'

/*
 * The console's image uploads for all content kinds (/api/staff/content/images/).
 * Role and audit checks of every staff route are in staff.test.ts.
 */
const app = await openTestApp()
const staff = await signIn(app, STAFF)

describe('content: images', () => {
  it('stores an uploaded image and serves it publicly; refuses other files', async () => {
    const form = multipart({}, { image: { filename: 'cover.png', content: fileSamples.png() } })
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/staff/content/images/',
      headers: { ...form.headers, ...staff.headers },
      payload: form.payload,
    })
    expect(uploaded.statusCode).toBe(201)
    const { url } = uploaded.json() as { url: string }
    expect(url).toMatch(/^\/api\/public\/media\/content-images\/[0-9a-f-]{36}\.png$/)
    const served = await app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    // The desktop app's page (app://cypher) is another origin: helmet's same-origin default would block it.
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(
      (await app.inject({ method: 'GET', url: '/api/public/media/content-images/..%2F..%2Fjwt-secret' }))
        .statusCode,
    ).toBe(404)

    const fake = multipart({}, { image: { filename: 'cover.png', content: fileSamples.fakePdf() } })
    const refused = await app.inject({
      method: 'POST',
      url: '/api/staff/content/images/',
      headers: { ...fake.headers, ...staff.headers },
      payload: fake.payload,
    })
    expect(refused.statusCode).toBe(415)
    expect(refused.json().detail).toBe('Upload a JPEG, PNG or GIF image.')
  })
})

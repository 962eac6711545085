import { describe, expect, it } from 'vitest'
import { storedUploads } from './helpers/multipart'
import { createTestApp, openTestApp } from './helpers/test-app'

const app = await openTestApp()

describe('HTTP error handling', () => {
  it('answers malformed JSON with 400 and a JSON detail', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "demo@example.com", ',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Malformed JSON body.' })
  })

  it('answers a body over 1 MB with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ detail: 'Request body is too large.' })
  })

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json().detail).toBe('Unsupported media type.')
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/does-not-exist/' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/application\/json/)
    expect(response.json()).toEqual({ detail: 'Not found.' })
  })

  it('answers a wrong JSON type with field errors, not a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email: 42, password: ['x'] },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ email: expect.any(Array), password: expect.any(Array) })
  })

  it('answers a JSON array body with 400', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/client/auth/login/', payload: [1, 2] })
    expect(response.statusCode).toBe(400)
  })

  it('never leaks internals in a 500', async () => {
    const broken = await createTestApp({
      extend: (instance) =>
        instance.get('/api/test-explode/', async () => {
          throw new Error('secret internal detail at /srv/app.js:42')
        }),
    })
    try {
      const response = await broken.inject({ method: 'GET', url: '/api/test-explode/' })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ detail: 'Internal server error.' })
    } finally {
      await broken.close()
    }
  })

  it('sends a request id and security headers on every answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' })
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('health and documentation', () => {
  it('reports the process up and the database ready', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' })
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' })
  })

  it('lists the auth endpoints in the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const paths = Object.keys(response.json().paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/client/auth/register/',
        '/api/client/auth/login/',
        '/api/auth/token/refresh/',
        '/api/auth/logout/',
        '/api/client/accounts/me/',
        '/api/analytics/page-views/',
      ]),
    )
  })

  it('serves the browsable documentation at /api/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
  })
})

describe('router-level failures', () => {
  it('answers a malformed percent-encoding and an over-long path segment in the JSON format', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/public/projects/%E0%A4%A/' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ detail: 'Malformed URL.' })
    const long = await app.inject({ method: 'GET', url: `/api/public/projects/${'a'.repeat(150)}/` })
    expect(long.statusCode).toBe(414)
    expect(long.json()).toEqual({ detail: 'URL is too long.' })
  })
})

describe('NUL characters', () => {
  it('are refused as a field error in a JSON body, a query string and a path', async () => {
    const body = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email: 'a\u0000@b.co', password: 'x' },
    })
    expect(body.statusCode).toBe(400)
    expect(body.json()).toEqual({ detail: 'Invalid input.', email: ['Null characters are not allowed.'] })
    const query = await app.inject({ method: 'GET', url: '/api/public/projects/?search=a%00b' })
    expect(query.statusCode).toBe(400)
    expect(query.json().search).toEqual(['Null characters are not allowed.'])
    const path = await app.inject({ method: 'GET', url: '/api/public/blog/posts/a%00b/' })
    expect(path.statusCode).toBe(400)
  })
})

describe('body limits for every content type', () => {
  const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)
  const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)

  it('answers JSON nested 5,000 levels deep with 400, on public and signed-in routes alike', async () => {
    for (const payload of [deepArray(5000), deepObject(5000)]) {
      for (const url of ['/api/client/auth/login/', '/api/public/contact/', '/api/public/newsletter/']) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ detail: 'JSON is nested too deeply (at most 32 levels).' })
      }
    }
  })

  it('still reads brackets inside strings as text, not as nesting', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: '[[[[{{{{'.repeat(100) + '"\\"[' }),
    })
    expect(response.statusCode).toBe(401)
  })

  it('answers a multipart request without a boundary with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/public/project-inquiry/',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'project_name=x',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Malformed multipart body.' })
  })

  it('answers a multipart body cut off mid-part with 400 and keeps no file', async () => {
    const cut = [
      '--xyz\r\nContent-Disposition: form-data; name="project_name"\r\n\r\nApp\r\n',
      '--xyz\r\nContent-Disposition: form-data; name="requirements_file"; filename="a.txt"\r\n',
      'Content-Type: text/plain\r\n\r\nsome text that never ends',
    ].join('')
    const response = await app.inject({
      method: 'POST',
      url: '/api/public/project-inquiry/',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: cut,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Malformed multipart body.' })
    expect(await storedUploads(app, 'requirements')).toEqual([])
  })

  it('answers an oversized text body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(1_100_000),
    })
    expect(response.statusCode).toBe(413)
  })
})
